import { type api, Code, type ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Device } from '../../http/caller.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { hashDeviceSecret, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { activeFunctions, isActive } from '../../lib/expiries.ts';
import { clear, giveBack, RateLimits, reserve } from '../../lib/rate-limit.ts';
import * as groups from '../group/service.ts';
import * as orgs from '../org/service.ts';
import * as presence from '../presence/service.ts';
import * as terminals from '../terminal/service.ts';
import * as repo from './repository.ts';

/** The terminal a device call acts for, as it is at the time of the call. */
/** Ties a session to the SSID and password it was opened with, so changing either ends it without a hook. */
const stampOf = (ssid: string, pwdHash: string) => sha256(`${ssid}\n${pwdHash}`);

// An unknown SSID still costs one argon2 verification, so timing does not tell which SSIDs exist.
let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hashDeviceSecret('no terminal has this password');
  return decoy;
};

export async function login(
  db: Db,
  p: ParsedParamsOf<typeof api.device.login>,
  ip: string,
  ttlHours: number,
) {
  const bySsid = RateLimits.deviceSsid(p.ssid);
  const byIp = RateLimits.deviceIp(ip);
  await reserve(db, bySsid, byIp);
  const t = await terminals.findBySsid(db, p.ssid);
  const valid = await verifyPassword(t?.intercomPwdHash ?? (await decoyHash()), p.password);
  if (!t || !valid) throw new AppError(Code.loginFailed, 'deviceLoginFailed');
  await clear(db, bySsid);
  await giveBack(db, byIp);
  await repo.deleteExpired(db, t.id);
  const token = newToken();
  const expiresIn = Math.round(ttlHours * 3600);
  await repo.insertSession(db, {
    tokenHash: sha256(token),
    terminalId: t.id,
    credentialStamp: stampOf(t.ssid, t.intercomPwdHash),
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  const [memberOf, org] = await Promise.all([groups.groupsOf(db, t.id), orgs.findById(db, t.orgId)]);
  if (!org) throw new AppError(Code.loginFailed, 'deviceLoginFailed');
  await presence.seen(db, { terminalId: t.id, orgId: t.orgId, agentPath: t.agentPath });
  return {
    device_token: token,
    expires_in: expiresIn,
    terminal: { id: t.id, ssid: t.ssid, name: t.name, org_id: t.orgId },
    groups: memberOf.map((g) => ({ id: g.id, name: g.name })),
    default_group_id: t.defaultGroupId,
    services: orgs.togglesOf(org),
    functions: activeFunctions(t),
  };
}

/** Resolves a device token to its terminal, or answers 40102. */
export async function authenticate(db: Conn, token: unknown): Promise<Device> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw unauthorized();
  const row = await repo.findLiveSession(db, sha256(token));
  if (!row || row.stamp !== stampOf(row.ssid, row.pwdHash)) throw unauthorized();
  // Any call with a valid token means the radio is on, whatever the call then answers.
  if (presence.isStale(row, row.orgId)) await presence.seen(db, row, row);
  return {
    gps: row.gps,
    location: isActive(row.locationExpires),
    fence: isActive(row.fenceExpires),
    sos: isActive(row.sosExpires),
    recording: isActive(row.recordingExpires),
    terminalId: row.terminalId,
    orgId: row.orgId,
    agentPath: row.agentPath,
    ssid: row.ssid,
    name: row.name,
  };
}
