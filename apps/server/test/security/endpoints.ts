import { allEndpoints, api, Code, DAY_MS, type Endpoint } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { terminals } from '../../src/db/schema.ts';
import type { Tenant, World } from './fixtures.ts';

/** Parameter names that point at a record (or an SSID) and so must be checked against the caller's scope. */
export const IdKeys = [
  'id',
  'ids',
  'orgId',
  'agentId',
  'terminalId',
  'terminalIds',
  'groupId',
  'groupIds',
  'fenceId',
  'noticeDetail',
  'oldSsid',
] as const;

type Def = { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape behind an endpoint's parameter schema (through refinements and transforms). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return {};
}

/** A list's export (CSV or XLSX): it takes the export's `format`. */
export const isExport = (e: Endpoint) => 'format' in shapeOf(e.params);

export const idKeysOf = (e: Endpoint) =>
  Object.keys(shapeOf(e.params)).filter((k) => (IdKeys as readonly string[]).includes(k));

/** Every endpoint of the contract that takes an id, found from the contract itself. */
export const idTakingEndpoints = () => allEndpoints().filter((e) => idKeysOf(e).length > 0);

export const nameOf = (e: Endpoint) => {
  for (const [group, calls] of Object.entries(api))
    for (const [name, call] of Object.entries(calls as Record<string, Endpoint>))
      if (call === e) return `${group}.${name}`;
  return e.path;
};

export interface Cell {
  params: Record<string, unknown>;
  body?: unknown;
}

/**
 * How a matrix cell calls an endpoint for a tenant. 'agent' endpoints act on a sub-agent (the sub
 * tenant's agent; only its parent may); 'ignored' ids are legacy parameters the server never reads
 * (the answer is always the caller's own).
 */
export interface Spec {
  kind?: 'agent' | 'ignored';
  /** A list whose ids only filter it: out of scope may answer an empty page instead of 40401. */
  filter?: true;
  /** A refusal other than 40401 that reads exactly like a record that does not exist. */
  deniedAs?: { code: number; en: string };
  build: (w: World, tn: Tenant) => Cell | Promise<Cell>;
}

const now = () => Date.now();
/** A terminal's fence expires in ten days: the expiry radar finds it. */
const dueSoon = (w: World, terminalId: number) =>
  w.t.database.db
    .update(terminals)
    .set({ fenceExpires: new Date(now() + 10 * DAY_MS).toISOString().slice(0, 10) })
    .where(eq(terminals.id, terminalId));
const fenceFields = (tn: Tenant, name: string) => ({
  name,
  shape: 'circle',
  center: '22.3,114.1',
  radius: 300,
  trigger: 0,
  ...(tn.name === 'top' ? { timeZone: 'Asia/Hong_Kong' } : {}),
});
const orgName = (tn: Tenant) => (tn.name === 'top' ? 'Demo_Company' : 'ZqxCompany');
let counter = 0;
const next = () => ++counter;

/** Valid parameters of every id-taking endpoint, with the ids of the tenant under test. */
export const specs = new Map<Endpoint, Spec>([
  [api.agent.queryCardSwitch, { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId } }) }],
  [api.agent.detail, { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId } }) }],
  [api.agent.getCardCount, { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId } }) }],
  [api.agent.orgs, { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId } }) }],
  [api.agent.exportOrgs, { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId } }) }],
  [
    api.agent.updatePhone,
    { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId, phone: '85260009999' } }) },
  ],
  [
    api.agent.cardRecovery,
    { kind: 'agent', build: (_, tn) => ({ params: { agentId: tn.agentId, cardType: 0, quantity: 1 } }) },
  ],
  [
    api.agent.returnCards,
    { kind: 'agent', build: (_, tn) => ({ params: { agentId: tn.agentId, cardType: 0, quantity: 1 } }) },
  ],
  [
    api.agent.returnable,
    { kind: 'agent', build: (_, tn) => ({ params: { agentId: tn.agentId, cardType: 0 } }) },
  ],
  [
    api.agent.modifyingAgentInformation,
    {
      kind: 'agent',
      build: (_, tn) => ({ params: { id: tn.agentId, name: 'Demo_Subagent', contact: 'Bob Lee' } }),
    },
  ],
  [
    api.agent.password,
    { kind: 'agent', build: (_, tn) => ({ params: { id: tn.agentId, password: 'agent123' } }) },
  ],
  [
    api.agent.blanceAdd,
    { kind: 'agent', build: (_, tn) => ({ params: { agentId: tn.agentId, cardType: 0, quantity: 1 } }) },
  ],
  [
    api.agent.updateAgent,
    {
      kind: 'agent',
      build: (_, tn) => ({
        params: {
          id: tn.agentId,
          blance: 1,
          recording_card: 1,
          location_card: 1,
          sos_card: 1,
          enclosure_card: 1,
          duplex_card: 1,
        },
      }),
    },
  ],

  [api.org.info, { build: (_, tn) => ({ params: { id: tn.orgId } }) }],
  [api.org.getRegion, { build: (_, tn) => ({ params: { id: tn.orgId } }) }],
  [api.org.updateRegion, { build: (_, tn) => ({ params: { id: tn.orgId, region: 'Kowloon' } }) }],
  [api.org.getAssemblyUrl, { build: (_, tn) => ({ params: { id: tn.orgId } }) }],
  [api.org.password, { build: (_, tn) => ({ params: { id: tn.orgId, password: 'company123' } }) }],
  [api.org.deletingUnit, { build: async (w, tn) => ({ params: { id: await w.fresh.org(tn) } }) }],
  [
    api.org.changeAgent,
    {
      // Top-level only: the sub tenant's agent takes a fresh company of its parent's.
      kind: 'agent',
      build: async (w, tn) => ({ params: { orgId: await w.fresh.org(w.tenants.top), agentId: tn.agentId } }),
    },
  ],
  [api.org.setBindingPlatform, { build: (_, tn) => ({ params: { id: tn.orgId, gps: 1 } }) }],
  [api.org.setReminderSms, { build: (_, tn) => ({ params: { id: tn.orgId, enabled: '1' } }) }],
  [
    api.org.updateUnit,
    { build: (_, tn) => ({ params: { id: tn.orgId, name: orgName(tn), contact: 'Carol Wong' } }) },
  ],

  [
    api.terminal.list,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, groupId: tn.groupId } }) },
  ],
  [
    api.terminal.export,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, groupId: tn.groupId } }) },
  ],
  [api.terminal.detail, { build: (_, tn) => ({ params: { id: tn.terminalId } }) }],
  [
    api.terminal.batch,
    {
      build: (w, tn) => ({
        params: { orgId: tn.orgId, userType: 0, prefix: `${tn.prefix}B`, mode: 'input' },
        body: { ssids: [w.fresh.ssid()] },
      }),
    },
  ],
  [api.terminal.selected, { filter: true, build: (_, tn) => ({ params: { ids: String(tn.terminalId) } }) }],
  [api.terminal.addService, { build: (_, tn) => ({ params: { ids: String(tn.terminalId), cardType: 1 } }) }],
  [
    api.terminal.cardBack,
    { build: async (w, tn) => ({ params: { ids: String((await w.fresh.terminal(tn)).id) } }) },
  ],
  [
    api.terminal.updateUser,
    { build: (_, tn) => ({ params: { id: tn.terminalId, remark: 'checked', orgId: tn.orgId } }) },
  ],
  [
    api.terminal.changecard,
    {
      deniedAs: { code: Code.rule, en: 'The original SSID(IMEI) entered does not exist' },
      build: async (w, tn) => ({
        params: { oldSsid: (await w.fresh.terminal(tn)).ssid, newSsid: w.fresh.ssid() },
      }),
    },
  ],
  [
    api.terminal.expiring,
    {
      filter: true,
      // The tenant's terminal has its fence falling due, so that an allowed caller's page is not empty.
      build: async (w, tn) => {
        await dueSoon(w, tn.terminalId);
        return { params: { orgId: tn.orgId, within: '30' } };
      },
    },
  ],
  [api.terminal.expiringCounts, { build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],
  [api.report.org, { build: (_, tn) => ({ params: { orgId: tn.orgId, weeks: 2 } }) }],
  [
    api.terminal.renewPreview,
    { build: (_, tn) => ({ params: { ids: String(tn.terminalId), functions: 'recording' } }) },
  ],
  [
    api.terminal.renewBatch,
    {
      // A bulk renewal renews what falls due: the fence is made due before each call.
      build: async (w, tn) => {
        await dueSoon(w, tn.terminalId);
        return { params: { ids: String(tn.terminalId), functions: 'fence', confirm: 1 } };
      },
    },
  ],
  // A company asks its agent about its own users only.
  [api.terminal.askRenewal, { build: (_, tn) => ({ params: { ids: String(tn.terminalId) } }) }],
  [
    api.terminal.importPreview,
    {
      build: (w, tn) => ({
        params: { orgId: tn.orgId, userType: 0 },
        body: { text: `${w.fresh.ssid()}\t${tn.prefix}P${next()}` },
      }),
    },
  ],
  [
    api.terminal.import,
    {
      build: (w, tn) => ({
        params: { orgId: tn.orgId, userType: 0, confirm: 1 },
        body: {
          rows: [{ line: 1, ssid: w.fresh.ssid(), name: `${tn.prefix}I${next()}`, iccid: '', group: '' }],
        },
      }),
    },
  ],
  [api.terminal.resetIntercomPassword, { build: (_, tn) => ({ params: { id: tn.terminalIds[1] } }) }],

  [
    api.group.list,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, terminalId: tn.terminalId } }) },
  ],
  [
    api.group.export,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, terminalId: tn.terminalId } }) },
  ],
  [api.group.detail, { build: (_, tn) => ({ params: { id: tn.groupId } }) }],
  [
    api.group.add,
    {
      build: (_, tn) => ({
        params: { orgId: tn.orgId, name: `${tn.prefix}Add${next()}`, terminalIds: String(tn.terminalId) },
      }),
    },
  ],
  [api.group.remove, { build: async (w, tn) => ({ params: { id: await w.fresh.group(tn) } }) }],
  [api.group.members, { build: (_, tn) => ({ params: { id: tn.groupId } }) }],
  [api.group.unMembers, { build: (_, tn) => ({ params: { id: tn.groupId } }) }],
  [
    api.group.addMembers,
    { build: (_, tn) => ({ params: { id: tn.groupId, terminalIds: tn.terminalIds.join(',') } }) },
  ],
  [
    api.group.removeMember,
    { build: async (w, tn) => ({ params: { id: await w.fresh.group(tn), terminalId: tn.terminalIds[2] } }) },
  ],
  [
    api.group.setPriority,
    { build: (_, tn) => ({ params: { id: tn.groupId, terminalId: tn.terminalId, priority: 2 } }) },
  ],
  [api.group.setLeader, { build: (_, tn) => ({ params: { id: tn.groupId, terminalId: tn.terminalId } }) }],
  [api.group.setCompere, { build: (_, tn) => ({ params: { id: tn.groupId, terminalId: tn.terminalId } }) }],
  [api.group.setDefault, { build: (_, tn) => ({ params: { id: tn.groupId, terminalId: tn.terminalId } }) }],
  [api.group.listening, { build: (_, tn) => ({ params: { terminalId: tn.terminalId } }) }],
  [
    api.group.addListening,
    { build: (_, tn) => ({ params: { terminalId: tn.terminalId, groupIds: String(tn.groupId) } }) },
  ],
  [
    api.group.removeListening,
    { build: (_, tn) => ({ params: { terminalId: tn.terminalId, groupId: tn.groupId } }) },
  ],

  [api.fence.list, { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],
  [api.fence.detail, { build: (_, tn) => ({ params: { id: tn.fenceId } }) }],
  [
    api.fence.add,
    { build: (_, tn) => ({ params: { orgId: tn.orgId, ...fenceFields(tn, `${tn.prefix}N${next()}`) } }) },
  ],
  [
    api.fence.update,
    {
      build: (_, tn) => ({
        params: { id: tn.fenceId, ...fenceFields(tn, tn.name === 'top' ? 'Harbour' : 'ZqxFence') },
      }),
    },
  ],
  [api.fence.remove, { build: async (w, tn) => ({ params: { id: await w.fresh.fence(tn) } }) }],
  [api.fence.shapes, { build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],
  [api.fence.setKeeper, { build: (_, tn) => ({ params: { id: tn.fenceId, terminalId: tn.terminalId } }) }],
  [api.fence.members, { build: (_, tn) => ({ params: { id: tn.fenceId } }) }],
  [api.fence.unMembers, { build: (_, tn) => ({ params: { id: tn.fenceId } }) }],
  [
    api.fence.addMembers,
    { build: (_, tn) => ({ params: { id: tn.fenceId, terminalIds: tn.terminalIds.join(',') } }) },
  ],
  [
    api.fence.removeMembers,
    {
      build: async (w, tn) => ({
        params: { id: await w.fresh.fence(tn), terminalIds: String(tn.terminalId) },
      }),
    },
  ],
  [
    api.fence.records,
    {
      filter: true,
      build: (_, tn) => ({ params: { orgId: tn.orgId, fenceId: tn.fenceId, terminalId: tn.terminalId } }),
    },
  ],
  [
    api.fence.exportRecords,
    {
      filter: true,
      build: (_, tn) => ({ params: { orgId: tn.orgId, fenceId: tn.fenceId, terminalId: tn.terminalId } }),
    },
  ],

  [
    api.sos.list,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, terminalId: tn.terminalId } }) },
  ],
  [
    api.sos.export,
    { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId, terminalId: tn.terminalId } }) },
  ],
  [api.sos.detail, { build: (_, tn) => ({ params: { id: tn.sosId } }) }],
  [api.sos.process, { build: (_, tn) => ({ params: { id: tn.sosId, remark: 'handled' } }) }],
  [
    api.sos.processBatch,
    { build: (_, tn) => ({ params: { ids: String(tn.sosId), remark: 'handled', falseAlarm: 1 } }) },
  ],

  [
    api.location.track,
    {
      build: (_, tn) => ({
        params: {
          terminalId: tn.terminalId,
          start: new Date(now() - 3_600_000).toISOString(),
          end: new Date(now() + 60_000).toISOString(),
        },
      }),
    },
  ],
  [api.location.last, { build: (_, tn) => ({ params: { terminalId: tn.terminalId } }) }],
  [api.location.fleet, { build: (_, tn) => ({ params: { orgId: tn.orgId, groupId: tn.groupId } }) }],
  // An allowed caller gets the event stream (read up to its headers); a refused one the envelope.
  [api.events.stream, { build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],

  [
    api.recording.list,
    {
      filter: true,
      build: (_, tn) => ({ params: { orgId: tn.orgId, groupId: tn.groupId, terminalId: tn.terminalId } }),
    },
  ],
  [
    api.recording.export,
    {
      filter: true,
      build: (_, tn) => ({ params: { orgId: tn.orgId, groupId: tn.groupId, terminalId: tn.terminalId } }),
    },
  ],
  [api.recording.play, { build: (_, tn) => ({ params: { id: tn.recordingId } }) }],
  [api.recording.download, { build: (_, tn) => ({ params: { id: tn.recordingId } }) }],

  // Last: by now the tenant's company has changed things, so an allowed caller's page is not empty.
  [api.audit.list, { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],
  [api.audit.export, { filter: true, build: (_, tn) => ({ params: { orgId: tn.orgId } }) }],

  [api.notice.newUnreadCount, { kind: 'ignored', build: (_, tn) => ({ params: { agentId: tn.agentId } }) }],
  [api.notice.getFirstBulletin, { kind: 'ignored', build: (_, tn) => ({ params: { agentId: tn.agentId } }) }],
]);

/** Id-taking endpoints the caller matrix leaves to other tests, and why. */
export const outsideMatrix = new Map<Endpoint, string>([
  [api.notice.getBulletin, 'bulletins are published to every agent: noticeDetail names no tenant record'],
  [
    api.notice.read,
    'a notice is its own agent’s alone, not its tenant’s: scope.test.ts checks another agent’s',
  ],
  [
    api.notice.getNoticeUsers,
    'a notice is its own agent’s alone, not its tenant’s: notice-users.test.ts checks another agent’s',
  ],
  [
    api.agent.statementUsers,
    'a statement movement is its own agent’s alone, not its tenant’s: statement-users.test.ts checks another agent’s',
  ],
  [api.device.recording, 'a device token, not a user session: checked by its own cross-company test'],
  [
    api.device.createGroup,
    'a device token, not a user session: self-groups.test.ts refuses members of another company',
  ],
  [
    api.device.dismissGroup,
    'a device token, not a user session: self-groups.test.ts refuses another owner’s and a console group',
  ],
]);
