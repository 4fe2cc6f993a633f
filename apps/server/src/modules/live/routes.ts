import { api, type ParsedParamsOf } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg, scopeKey } from '../../http/caller.ts';
import { contextOf, type Deps, inputOf } from '../../http/route.ts';
import type { LiveHub, RowScope } from './hub.ts';
import { missed } from './service.ts';
import { SseStream } from './sse.ts';

/** The scope module's check of a company named by an agent (40401 out of scope), handed in by the wiring. */
export type OrgCheck = (db: Conn, caller: Caller, id?: number) => Promise<unknown>;

type Params = ParsedParamsOf<typeof api.events.stream>;

async function streamScope(db: Conn, caller: Caller, p: Params, orgInScope: OrgCheck): Promise<RowScope> {
  if (p.orgId !== undefined || isOrg(caller)) {
    await orgInScope(db, caller, p.orgId);
    return { kind: 'org', orgId: p.orgId ?? caller.id };
  }
  const { kind, value } = scopeKey({ path: caller.path });
  return { kind: kind === 'sub' ? 'sub' : 'top', path: String(value) };
}

/** The browser's EventSource sends the last id it saw on reconnect; a script may give it in the query. */
function resumeAfter(req: FastifyRequest, p: Params): number | undefined {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string' && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return p.lastEventId;
}

/**
 * The event stream. The session, role and parameters are checked as for any endpoint, so refusals
 * answer the envelope; then the reply is taken over (hijack) and written as Server-Sent Events, with
 * the headers every answer carries.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps, hub: LiveHub, orgInScope: OrgCheck) {
  const e = api.events.stream;
  app.route({
    method: e.method,
    url: e.path,
    // A HEAD would open a stream with no body to send: only GET is served.
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const { db, caller, params } = await contextOf(deps, e, req);
      const scope = await streamScope(db, caller, params, orgInScope);
      const after = resumeAfter(req, params);
      reply.hijack();
      const res = reply.raw;
      const headers = Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined);
      res.writeHead(200, {
        ...(Object.fromEntries(headers) as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write('retry: 2000\n\n');
      const input = inputOf(req);
      const stillSignedIn = () =>
        deps.authenticate(db, input).then(
          () => true,
          () => false,
        );
      const stream = new SseStream(scope, res, stillSignedIn);
      const detach = hub.attach(stream);
      res.on('close', detach);
      try {
        stream.replayed(after === undefined ? [] : await missed(db, scope, after));
      } catch (err) {
        req.log.warn({ err }, 'replaying live events failed');
        stream.end();
      }
    },
  });
}
