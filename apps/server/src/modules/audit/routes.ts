import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as audit from './service.ts';

export function auditRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.audit.list, ({ db, config, caller, params }) =>
    audit.list(db, caller, params, config.TIME_ZONE),
  );
  exportRoute(app, deps, api.audit.export, async ({ db, config, caller, params }) =>
    audit.exportList(db, caller, params, config.TIME_ZONE),
  );

  // The log's month tables are made when the server starts and then every day, so a month's table is
  // there before its first row; months past the retention go then too.
  const maintain = () => audit.maintainAuditLog(deps.db, deps.config.AUDIT_RETENTION_MONTHS);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await maintain();
    timer = setInterval(
      () => void maintain().catch((err) => app.log.error({ err }, 'audit log maintenance failed')),
      86_400_000,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
