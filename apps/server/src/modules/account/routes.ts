import { api } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { authenticate } from '../session/service.ts';
import { changePassword, resetForgotten } from './password.ts';
import { checkPwd, setPayPwd } from './pay-password.ts';
import { type CodeFor, sendCode, verifyOnly } from './sms.ts';
import { outboxProvider } from './sms-provider.ts';

/** sendSms and verificationCode are public for resetPwd; the other purposes belong to a signed-in account. */
const callerFor = (deps: Deps, req: FastifyRequest, p: CodeFor) =>
  p.purpose === 'resetPwd' ? undefined : authenticate(deps.db, (req.query ?? {}) as Record<string, unknown>);

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  route(
    app,
    deps,
    api.jsp.sendSms,
    async ({ db, params, req, ip }) =>
      sendCode(db, outboxProvider(db, req.log), params, await callerFor(deps, req, params), ip),
    'smsSent',
  );
  route(app, deps, api.jsp.verificationCode, async ({ db, params, req, ip }) =>
    verifyOnly(db, params, await callerFor(deps, req, params), ip),
  );
  route(app, deps, api.jsp.updateCardPwd, ({ db, change, caller, params, ip }) =>
    setPayPwd(db, change, caller, params, ip),
  );
  route(app, deps, api.jsp.checkPwd, ({ db, caller, params }) => checkPwd(db, caller, params.payPwd));
  route(app, deps, api.jsp.setPhoneAndPwd, ({ db, params, ip }) => resetForgotten(db, params, ip));
  route(app, deps, api.profile.password, ({ db, change, caller, params }) =>
    changePassword(db, change, caller, params),
  );
}
