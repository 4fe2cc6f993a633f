import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { Code, fail, isMessageKey, parseLiveEvent } from '@ptt/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { clientAddress } from './http/client-address.ts';
import { isBadInputValue } from './http/db-errors.ts';
import { registerDocs } from './http/docs.ts';
import { AppError } from './http/errors.ts';
import { pushFailures, pushSends } from './http/metrics.ts';
import { type Lifecycle, registerOps } from './http/ops.ts';
import { redactError, redactUrl } from './http/redact.ts';
import type { Deps } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { clientErrorHandler, transportKey } from './http/transport-errors.ts';
import { jobsOf, startJobs } from './jobs.ts';
import { outboxProvider } from './modules/account/sms-provider.ts';
import { perform } from './modules/change/service.ts';
import { authenticate as authenticateDevice } from './modules/device/service.ts';
import { registerModules } from './modules/index.ts';
import { LiveHub } from './modules/live/hub.ts';
import { sweep } from './modules/presence/service.ts';
import type { PushNetwork } from './modules/push/network.ts';
import { pruneClaims, sendAlarm } from './modules/push/service.ts';
import { type ReminderRun, runReminders } from './modules/reminder/service.ts';
import { orgIdInScope } from './modules/scope/service.ts';
import { authenticate } from './modules/session/service.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false to keep output quiet; 'pretty' writes readable lines for a person at a terminal. */
  logger?: boolean | 'pretty';
  /** Where JSON log lines go instead of standard output (a test reads them). */
  logStream?: NodeJS.WritableStream;
  /** How alarms reach push services (tests stub the resolver and the post). */
  pushNetwork?: PushNetwork;
  /**
   * Whether the sweeper also runs by itself every few seconds (the default). A test that races sweepers
   * calls them itself, so that none runs between its setup and its count.
   */
  sweepOnTimer?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live events: `live.subscribe(fn)` is told of each new event once. */
    live: LiveHub;
    /** Runs the sweeper once now (it also runs every few seconds). */
    sweep(): Promise<{ offline: number; pruned: number }>;
    /** Starting, ready or draining: what GET /readyz reports. */
    lifecycle: Lifecycle;
    /**
     * The first step of a graceful stop: /readyz answers 503 and every event stream ends with a retry
     * hint, so consoles reconnect (through the proxy, to another instance) and replay by Last-Event-ID.
     */
    drain(): void;
    /**
     * Runs the daily reminders now, for the day `now` falls on (the schedule runs them at REMINDER_HOUR).
     * With `claim`, only when no instance has run that day's yet (null otherwise).
     */
    reminders(options?: { now?: Date; claim?: boolean }): Promise<ReminderRun | null>;
  }
}

/** Builds the whole server (API, docs and the built web app) without listening on a port. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  pushNetwork,
  sweepOnTimer = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler,
    // A URL Fastify cannot decode, answered like any other invalid request.
    frameworkErrors: (error, _req, reply) =>
      (reply as unknown as FastifyReply).status(200).send(fail(Code.invalid, transportKey(error))),
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          ...(logStream && { stream: logStream }),
          ...(logger === 'pretty' && {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
            },
          }),
          serializers: {
            req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: clientAddress(req) }),
            err: redactError,
          },
        }
      : false,
  });
  // The transport resolves sessions and records changes through the modules that own them; http/ imports
  // no module.
  const deps: Deps = { db: database.db, config, authenticate, authenticateDevice, perform, orgIdInScope };

  await app.register(formbody);
  registerSecurityHeaders(app, {
    indexHtml: join(config.WEB_DIST, 'index.html'),
    mapTileUrl: config.MAP_TILE_URL,
  });

  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/v1/') || req.url.startsWith('/device/'))
      reply.header('Cache-Control', 'no-store');
    done();
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) return reply.status(200).send(fail(error.code, error.key, error.data));
    if (error instanceof ZodError) {
      const key = error.issues[0]?.message;
      const field = error.issues[0]?.path.join('.');
      return reply.status(200).send(fail(Code.invalid, isMessageKey(key) ? key : 'invalidParams', { field }));
    }
    if (isBadInputValue(error)) return reply.status(200).send(fail(Code.invalid, 'invalidParams'));
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(200)
        .send(fail(Code.invalid, transportKey(error as { code?: string; statusCode?: number })));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(200).send(fail(Code.internal, 'internalError'));
  });

  await registerDocs(app);
  const hub = new LiveHub(database.db, app.log);
  await hub.start(database.listen);
  app.decorate('live', hub);
  const lifecycle: Lifecycle = { phase: 'starting' };
  app.decorate('lifecycle', lifecycle);
  app.decorate('drain', () => {
    lifecycle.phase = 'draining';
    hub.endStreams(true);
  });
  app.addHook('onReady', async () => {
    if (lifecycle.phase === 'starting') lifecycle.phase = 'ready';
  });
  registerOps(app, { config, database, lifecycle, streams: () => hub.streams });
  // SOS and fence alarms reach phones by Web Push; push claims each event, so one instance sends it.
  hub.subscribe(async (row) => {
    const e = parseLiveEvent(row.id, row.type, row.payload);
    if (!e || (e.type !== 'sos.raised' && e.type !== 'fence.alarm')) return;
    const alarm = { ...e, orgId: row.orgId, agentPath: row.agentPath };
    const r = await sendAlarm(database.db, config, alarm, pushNetwork);
    pushSends.inc(r.sent);
    pushFailures.inc(r.failed);
    if (r.failed) app.log.warn({ event: row.id, ...r }, 'alarm pushes failed');
  });
  const sweepNow = async () => {
    const swept = await sweep(database.db, config);
    await pruneClaims(database.db, config.EVENT_RETENTION_HOURS);
    return swept;
  };
  app.decorate('sweep', sweepNow);
  // The daily reminders: notices, then pushes to the agents and texts to the companies' contacts.
  const reminderDeps = { db: database.db, config, sms: outboxProvider(database.db, app.log), pushNetwork };
  app.decorate('reminders', (options?: { now?: Date; claim?: boolean }) =>
    runReminders(reminderDeps, options),
  );
  const reminders = async (now: Date) => {
    const run = await runReminders(reminderDeps, { now, claim: true });
    if (run) app.log.info({ reminders: run }, 'daily reminders sent');
    return run !== null;
  };
  startJobs(app, jobsOf({ database, config, sweep: sweepNow, reminders, sweepOnTimer, log: app.log }));
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.stop());
  await registerModules(app, deps, hub);

  const dist = config.WEB_DIST;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Built assets carry a content hash in their names, so they never change under a name.
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        // The service worker and the manifest keep their names across builds: browsers must ask again.
        if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(path)) res.header('Cache-Control', 'no-cache');
        if (/[\\/]sw\.js$/.test(path)) res.header('Service-Worker-Allowed', '/');
        if (path.endsWith('.webmanifest'))
          res.header('Content-Type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const api = req.url.startsWith('/v1/') || req.url.startsWith('/device/');
    if (!api && hasWeb && req.method === 'GET') {
      // Hashed assets may be cached for long; the HTML shell must always be fresh.
      if (req.url.startsWith('/assets/')) return reply.status(404).send('Not found');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(api ? 200 : 404).send(fail(Code.notFound, 'notFound'));
  });

  return app;
}
