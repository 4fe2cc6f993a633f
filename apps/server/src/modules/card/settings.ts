import { cardByCode } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { ruleBroken } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { edited } from '../audit/service.ts';
import * as repo from './repository.ts';
import { type Switch, setSwitch } from './service.ts';

/** An agent's card settings changed by a person (its switch, its thresholds), each with its audit. */

/** A switch as an audit row keeps it, a field per card type: `voiceEnabled: true`. */
export const switchFields = (enabled: Switch) =>
  Object.fromEntries(
    Object.entries(enabled)
      .filter(([, on]) => on !== undefined)
      .map(([type, on]) => [`${cardByCode(Number(type))?.key}Enabled`, on]),
  );

/**
 * Sets an agent's switch with the rows of the types it names locked in card-type order, in the
 * caller's change; answers the switch those types had.
 */
export async function changeSwitch(tx: Conn, agentId: number, enabled: Switch): Promise<Switch> {
  const types = Object.keys(enabled).map((type) => Number(type));
  if (types.length === 0) return {};
  const held = await repo.lockBalances(tx, agentId, types);
  await setSwitch(tx, agentId, enabled);
  return Object.fromEntries(held.map((r) => [r.cardType, r.enabled]));
}

/**
 * The low-balance threshold of one of the agent's enabled card types (0: none), decided on its balance
 * row as locked; the audit keeps it as `voiceThreshold: 0 → 5`.
 */
export const setThreshold = (change: Change, agentId: number, cardType: number, threshold: number) =>
  change(async (tx, note) => {
    const [row] = await repo.lockBalances(tx, agentId, [cardType]);
    if (!row?.enabled) throw ruleBroken('cardTypeNotAllowed', { cardType });
    await repo.setThreshold(tx, agentId, cardType, threshold);
    const field = `${cardByCode(cardType)?.key}Threshold`;
    note({ targetIds: [agentId], ...edited(agentId, { [field]: row.threshold }, { [field]: threshold }) });
    return null;
  });
