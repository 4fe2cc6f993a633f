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

/**
 * Node refuses some requests before Fastify sees them (headers over `maxHeaderSize`, a request it cannot
 * parse, a timeout). Instead of Node's bare status line, the answer is the API's envelope with HTTP 200,
 * as every call is answered (SPEC §7); the connection closes after it.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const key: MessageKey = err.code === 'HPE_HEADER_OVERFLOW' ? 'requestTooLarge' : 'invalidParams';
  const body = JSON.stringify(fail(Code.invalid, key));
  socket.end(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
