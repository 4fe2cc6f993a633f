import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import { statementFile, statementMonthsFile } from './exports.ts';
import { statement, statementMonths, statementUsers } from './service.ts';

export function statementRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.agent.statement, ({ db, caller, params }) => statement(db, caller, params));
  route(app, deps, api.agent.statementUsers, ({ db, caller, params }) => statementUsers(db, caller, params));
  route(app, deps, api.agent.statementMonths, ({ db, caller, params }) =>
    statementMonths(db, caller, params),
  );
  exportRoute(app, deps, api.agent.statementExport, async ({ db, caller, params }) =>
    statementFile(db, caller, params),
  );
  exportRoute(app, deps, api.agent.statementMonthsExport, ({ db, caller, params }) =>
    statementMonthsFile(db, caller, params),
  );
}
