import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address a request came from: Fastify's `req.ip`, which with TRUST_PROXY is the rightmost hop of
 * X-Forwarded-For that is not a trusted proxy (the address nginx saw), never one the client wrote. A
 * hop that is not an IP address (text a client put there behind a trusted hop) is not taken: the
 * request counts and is recorded as coming from its connection.
 */
export const clientAddress = (req: FastifyRequest): string =>
  isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? '');
