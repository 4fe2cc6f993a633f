import type { Socket } from 'node:net';
import { Code, fail, type MessageKey } from '@ptt/contract';

/** Fastify errors raised before a route runs, by their code, and the message each is answered with. */
const frameworkKeys: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'requestTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'invalidParams',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalidParams',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidParams',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidParams',
  FST_ERR_BAD_URL: 'invalidParams',
  FST_ERR_ASYNC_CONSTRAINT: 'invalidParams',
};

/** The catalogue message for a 4xx error Fastify produced itself. */
export function transportKey(error: { code?: string; statusCode?: number }): MessageKey {
  if (error.code && error.code in frameworkKeys) return frameworkKeys[error.code];
  return error.statusCode === 413 || error.statusCode === 431 ? 'requestTooLarge' : 'invalidParams';
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Node refuses some requests before Fastify sees them (headers over `maxHeaderSize`, a request it cannot
 * parse, a timeout). Instead of Node's bare status line, the answer carries the API's envelope.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(fail(Code.invalid, status === 431 ? 'requestTooLarge' : 'invalidParams'));
  socket.end(
    `HTTP/1.1 ${status} ${statusText[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
