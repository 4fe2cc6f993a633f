import type { Readable } from 'node:stream';
import type { Endpoint } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { parseRange } from './range.ts';
import { contextOf, type Deps, type ReadCtx } from './route.ts';

export interface MediaFile {
  type: string;
  size: number;
  filename: string;
  disposition: 'inline' | 'attachment';
  /** A stream of the bytes from start to end, both included. */
  open(start: number, end: number): Readable;
}

/**
 * Serves a stored file for an endpoint of the contract: the session and scope checks of every call
 * (failures answer the envelope), then the bytes with their type, honouring a single Range (206, or
 * 416 when it lies past the end) so audio elements can seek.
 */
export function media<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: ReadCtx<E>) => Promise<MediaFile>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      const file = await handler(await contextOf(deps, endpoint, req));
      const name = encodeURIComponent(file.filename);
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Disposition', `${file.disposition}; filename*=UTF-8''${name}`);
      const range = parseRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
      }
      const { start, end } = range ?? { start: 0, end: file.size - 1 };
      if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
      return reply
        .type(file.type)
        .header('Content-Length', end - start + 1)
        .send(file.open(start, end));
    },
  });
}
