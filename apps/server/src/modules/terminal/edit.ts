import type { api, ParsedParamsOf } from '@ptt/contract';
import { type Caller, isOrg, scopeOf } from '../../http/caller.ts';
import { forbidden, ruleBroken } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { hashDeviceSecret, randomDigits } from '../../lib/crypto.ts';
import { unlessTaken } from '../../lib/unique.ts';
import { today } from '../../lib/zoned-time.ts';
import { changes } from '../audit/service.ts';
import * as groups from '../group/service.ts';
import * as membership from '../membership/service.ts';
import { orgInScope } from '../scope/service.ts';
import * as repo from './repository.ts';
import { lockAllInScope } from './service.ts';

/*
 * Edits of one terminal. Each reads the terminal under its lock, so what it writes back and what its
 * audit row keeps as before is the newest row, and a concurrent edit is recorded after this one.
 */

/**
 * Edits a terminal; moving it to another company deletes the groups it created itself and takes it out
 * of its groups and fences. Its audit row names both companies.
 */
export const update = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.terminal.updateUser>) =>
  change(async (tx, note) => {
    const [t] = await lockAllInScope(tx, caller, [p.id]);
    const set: Partial<repo.NewTerminal> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.iccid !== undefined) set.iccid = p.iccid;
    if (p.remark !== undefined) set.remark = p.remark;
    if (p.dispatcher !== undefined) set.dispatcher = p.dispatcher;
    const orgIds = [t.orgId];
    if (p.orgId !== undefined && p.orgId !== t.orgId) {
      if (isOrg(caller)) throw forbidden();
      const target = await orgInScope(tx, caller, p.orgId);
      await groups.deleteOwnedBy(tx, t.id);
      await groups.detachTerminal(tx, t.id);
      await membership.leaveFences(tx, t.id);
      Object.assign(set, { orgId: target.id, agentPath: target.agentPath, defaultGroupId: null });
      orgIds.push(target.id);
    }
    if (Object.keys(set).length > 0) await repo.updateTerminal(tx, t.id, set);
    // The path follows the company: the row keeps the company, which a reader can name.
    const { agentPath: _, ...shown } = set;
    note({ targetIds: [t.id], orgIds, ...changes(new Map([[t.id, t]]), new Map([[t.id, shown]])) });
    return null;
  });

/** Card replacement: the old SSID must exist in scope, the new be free, the warranty still valid. */
export const changeCard = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.changecard>,
) =>
  unlessTaken(
    () =>
      change(async (tx, note) => {
        const old = await repo.lockBySsid(tx, p.oldSsid);
        if (!old || !(await repo.findTerminalIn(tx, scopeOf(caller), old.id)))
          throw ruleBroken('oldSsidNotExist');
        if (await repo.findBySsid(tx, p.newSsid)) throw ruleBroken('newSsidInUse');
        if (!old.warrantyExpires || old.warrantyExpires < today()) throw ruleBroken('warrantyExpired');
        await repo.updateTerminal(tx, old.id, { ssid: p.newSsid });
        note({
          targetIds: [old.id],
          orgIds: [old.orgId],
          before: { [old.id]: { ssid: old.ssid } },
          after: { [old.id]: { ssid: p.newSsid } },
        });
        return { id: old.id, ssid: p.newSsid };
      }),
    () => ruleBroken('newSsidInUse'),
  );

/** A new intercom password, shown once; its audit row says that it was reset, never what it is. */
export async function resetIntercomPassword(change: Change, caller: Caller, id: number) {
  const password = randomDigits(6);
  const hash = await hashDeviceSecret(password);
  return change(async (tx, note) => {
    const [t] = await lockAllInScope(tx, caller, [id]);
    await repo.updateTerminal(tx, t.id, { intercomPwdHash: hash });
    note({ targetIds: [t.id], orgIds: [t.orgId], after: { [t.id]: { intercomReset: true } } });
    return { password };
  });
}
