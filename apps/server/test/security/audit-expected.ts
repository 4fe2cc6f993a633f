import { type AuditTarget, api, type Endpoint } from '@ptt/contract';
import { accountsExpected } from './audit-expected-accounts.ts';
import { fleetExpected } from './audit-expected-fleet.ts';

/**
 * What the audit row of a successful call must hold: its target kind, at least one target id, whether it
 * has fields before and after, whether it names the company it touched and the balances it moved.
 */
export interface Expected {
  kind: AuditTarget;
  before: boolean;
  after: boolean;
  /** The row carries the company whose records changed (org_id). */
  org?: boolean;
  /** The row keeps the balances the spend moved (cards). */
  cards?: boolean;
}

/** A card move keeps its balances in `cards`; a deletion has no after. */
const spendsExpected = new Map<Endpoint, Expected>([
  [api.agent.blanceAdd, { kind: 'agent', before: false, after: false, cards: true }],
  [api.agent.cardRecovery, { kind: 'agent', before: false, after: false, cards: true }],
  [api.agent.returnCards, { kind: 'agent', before: false, after: false, cards: true }],
  [api.group.add, { kind: 'group', before: false, after: true, org: true }],
  [api.terminal.addService, { kind: 'terminal', before: true, after: true, org: true, cards: true }],
  [api.terminal.batch, { kind: 'terminal', before: false, after: true, org: true, cards: true }],
  [api.terminal.cardBack, { kind: 'terminal', before: true, after: false, org: true, cards: true }],
  [api.terminal.import, { kind: 'terminal', before: false, after: true, org: true, cards: true }],
  [api.terminal.renewBatch, { kind: 'terminal', before: true, after: true, org: true, cards: true }],
]);

/** Every endpoint that declares its audit in the contract, with what its row must hold. */
export const expected = new Map<Endpoint, Expected>([
  ...spendsExpected,
  ...accountsExpected,
  ...fleetExpected,
]);
