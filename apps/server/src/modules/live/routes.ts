import { api, Code, type ParsedParamsOf } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg, scopeKey } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { contextOf, type Deps, inputOf } from '../../http/route.ts';
import { type LiveHub, type RowScope, STREAMS_PER_SESSION } from './hub.ts';
import { sessionEnd } from './repository.ts';
import { missed } from './service.ts';
import { SseStream } from './sse.ts';

/** The scope module's check of a company named by an agent (40401 out of scope), handed in by the wiring. */
export type OrgCheck = (db: Conn, caller: Caller, id?: number) => Promise<unknown>;

type Params = ParsedParamsOf<typeof api.events.stream>;

async function streamScope(db: Conn, caller: Caller, p: Params, orgInScope: OrgCheck): Promise<RowScope> {
  if (p.orgId !== undefined || isOrg(caller)) {
    await orgInScope(db, caller, p.orgId);
    // An agent sees the company's events while it is in the agent's subtree, and no longer.
    return isOrg(caller)
      ? { kind: 'org', orgId: caller.id }
      : { kind: 'org', orgId: p.orgId ?? caller.id, agentPath: caller.path };
  }
  const { kind, value } = scopeKey({ path: caller.path });
  return { kind: kind === 'sub' ? 'sub' : 'top', path: String(value) };
}

const sameScope = (a: RowScope, b: RowScope) => JSON.stringify(a) === JSON.stringify(b);

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
      const ends = await sessionEnd(db, caller.sessionId);
      // From here to attaching the stream nothing waits, so parallel opens are counted one by one.
      if (hub.openBy(caller.sessionId) >= STREAMS_PER_SESSION)
        throw new AppError(Code.tooMany, 'tooManyStreams');
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
      const stillAllowed = async () => {
        try {
          const now = await deps.authenticate(db, input);
          if (now.sessionId !== caller.sessionId) return false;
          return sameScope(await streamScope(db, now, params, orgInScope), scope);
        } catch {
          return false;
        }
      };
      const owner = { role: caller.role, id: caller.id, sessionId: caller.sessionId };
      const stream = new SseStream(scope, owner, res, stillAllowed);
      stream.endAt(ends);
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
