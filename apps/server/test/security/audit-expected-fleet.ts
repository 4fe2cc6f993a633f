import { api, Code, type Endpoint } from '@ptt/contract';
import type { Expected } from './audit-expected.ts';
import { type CallerName, send, type World } from './fixtures.ts';

/**
 * The audit rows of the fleet endpoints (see `Expected`): each carries the company whose records
 * changed. A creation has no before, a deletion no after, members added are after, removed before.
 */
export const fleetExpected = new Map<Endpoint, Expected>([
  [api.fence.add, { kind: 'fence', before: false, after: true, org: true }],
  [api.fence.update, { kind: 'fence', before: true, after: true, org: true }],
  [api.fence.remove, { kind: 'fence', before: true, after: false, org: true }],
  [api.fence.setKeeper, { kind: 'fence', before: true, after: true, org: true }],
  [api.fence.addMembers, { kind: 'fence', before: false, after: true, org: true }],
  [api.fence.removeMembers, { kind: 'fence', before: true, after: false, org: true }],
  [api.group.remove, { kind: 'group', before: true, after: false, org: true }],
  [api.group.addMembers, { kind: 'group', before: false, after: true, org: true }],
  [api.group.removeMember, { kind: 'group', before: true, after: false, org: true }],
  [api.group.setPriority, { kind: 'group', before: true, after: true, org: true }],
  [api.group.setLeader, { kind: 'group', before: true, after: true, org: true }],
  [api.group.setCompere, { kind: 'group', before: true, after: true, org: true }],
  [api.group.setDefault, { kind: 'group', before: true, after: true, org: true }],
  [api.group.addListening, { kind: 'group', before: false, after: true, org: true }],
  [api.group.removeListening, { kind: 'group', before: true, after: false, org: true }],
  [api.sos.process, { kind: 'sos', before: true, after: true, org: true }],
  [api.sos.processBatch, { kind: 'sos', before: true, after: true, org: true }],
  [api.terminal.askRenewal, { kind: 'terminal', before: false, after: true, org: true }],
  [api.terminal.changecard, { kind: 'terminal', before: true, after: true, org: true }],
  [api.terminal.resetIntercomPassword, { kind: 'terminal', before: false, after: true, org: true }],
  [api.terminal.updateUser, { kind: 'terminal', before: true, after: true, org: true }],
]);

/**
 * Calls of membership changes that change something: the matrix's add the tenant's terminals, which
 * are members already, and remove one from a fence that has none.
 */
export const fleetSteps = new Map<
  Endpoint,
  { caller: CallerName; build: (w: World) => Promise<Record<string, unknown>> }
>([
  // A company asks its agent: the walk's agent may not.
  [
    api.terminal.askRenewal,
    { caller: 'company', build: async (w) => ({ ids: String(w.tenants.top.terminalId) }) },
  ],
  [
    api.group.addMembers,
    {
      caller: 'top',
      build: async (w) => {
        const tn = w.tenants.top;
        return { id: tn.groupId, terminalIds: String((await w.fresh.terminal(tn)).id) };
      },
    },
  ],
  [
    api.fence.addMembers,
    {
      caller: 'top',
      build: async (w) => {
        const tn = w.tenants.top;
        return { id: tn.fenceId, terminalIds: String((await w.fresh.terminal(tn)).id) };
      },
    },
  ],
  [
    api.fence.removeMembers,
    {
      caller: 'top',
      build: async (w) => {
        const tn = w.tenants.top;
        const id = await w.fresh.fence(tn);
        const params = { id, terminalIds: String(tn.terminalId) };
        const added = await send(w.t, api.fence.addMembers, params, w.sessions.top);
        if (added.code !== Code.ok) throw new Error(`fence members: ${added.msg?.en}`);
        return params;
      },
    },
  ],
]);
