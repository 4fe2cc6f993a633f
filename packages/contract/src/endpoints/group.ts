import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { digits, groupBatchCount, groupName, id, idList, pageParams, priority } from '../rules.ts';
import { endpoint, namedRef, optional } from './define.ts';

export const groupSummary = once(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    org_id: z.number(),
    org_name: z.string(),
    member_count: z.number(),
    created_at: z.string(),
    /** Created by a terminal through the device API (its owner); SPEC §6's rules apply to it. */
    self_created: z.boolean(),
  }),
);

export const groupDetail = once(() =>
  groupSummary().extend({ leader: namedRef(), compere: namedRef(), owner: namedRef() }),
);

export const groupMember = once(() =>
  z.object({
    terminal_id: z.number(),
    ssid: z.string(),
    name: z.string(),
    priority: z.number(),
    is_leader: z.boolean(),
    is_compere: z.boolean(),
    is_default: z.boolean(),
  }),
);

const member = once(() => z.object({ id: id(), terminalId: id() }));

/** Group calls: SPEC §2 has the screens; SPEC §7 does not list their calls, so these are ours. */
export const group = {
  list: endpoint({
    method: 'GET',
    path: '/v1/group/list',
    access: 'any',
    summary: 'Groups in scope, newest first; filter by company or by a member terminal; keyword on name',
    params: () =>
      pageParams().extend({
        orgId: optional(id()),
        terminalId: optional(id()),
        keyword: z.string().trim().max(30).optional(),
      }),
    data: () => pageOf(groupSummary()),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/group/detail',
    access: 'any',
    summary: 'One group in scope with its leader, single speaker and owner',
    params: () => z.object({ id: id() }),
    data: groupDetail,
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/group/add',
    access: 'any',
    audit: { target: 'group' },
    spends: true,
    summary: 'Create 1–16 groups; repeated names get a natural-number suffix continuing after existing ones',
    params: () =>
      z.object({
        orgId: optional(id()),
        name: groupName(),
        count: groupBatchCount().default(1),
        terminalIds: optional(idList('selectUser')),
      }),
    data: () => z.object({ created: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/v1/group/delete',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Delete a group in scope',
    params: () => z.object({ id: id() }),
    data: () => z.null(),
  }),
  members: endpoint({
    method: 'GET',
    path: '/v1/group/members',
    access: 'any',
    summary: 'Members of a group with priority, leader, single speaker and default flags',
    params: () => pageParams().extend({ id: id() }),
    data: () => pageOf(groupMember()),
  }),
  unMembers: endpoint({
    method: 'GET',
    path: '/v1/group/unMembers',
    access: 'any',
    summary: 'Terminals of the group company that are not members yet',
    params: () => pageParams().extend({ id: id(), keyword: z.string().trim().max(30).optional() }),
    data: () => pageOf(z.object({ id: z.number(), ssid: z.string(), name: z.string() })),
  }),
  addMembers: endpoint({
    method: 'POST',
    path: '/v1/group/addMembers',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Add terminals of the same company to a group',
    params: () => z.object({ id: id(), terminalIds: idList('selectUser'), priority: priority().default(3) }),
    data: () => z.object({ added: z.number() }),
  }),
  removeMember: endpoint({
    method: 'POST',
    path: '/v1/group/removeMember',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Remove a member; removing the owner of a self-created group deletes the group',
    params: member,
    data: () => z.object({ groupDeleted: z.boolean() }),
  }),
  setPriority: endpoint({
    method: 'POST',
    path: '/v1/group/setPriority',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Set a member priority, 1 to 5',
    params: () => member().extend({ priority: priority() }),
    data: () => z.null(),
  }),
  setLeader: endpoint({
    method: 'POST',
    path: '/v1/group/setLeader',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Make a member the group leader',
    params: member,
    data: () => z.null(),
  }),
  setCompere: endpoint({
    method: 'POST',
    path: '/v1/group/setCompere',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Choose the single speaker of a group (terminalId 0 clears it)',
    params: () => z.object({ id: id(), terminalId: digits().pipe(z.number().int().min(0)) }),
    data: () => z.null(),
  }),
  setDefault: endpoint({
    method: 'POST',
    path: '/v1/group/setDefault',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Make a group the default group of one of its members',
    params: member,
    data: () => z.null(),
  }),
  listening: endpoint({
    method: 'GET',
    path: '/v1/group/listening',
    access: 'any',
    summary: 'Groups a terminal listens to',
    params: () => z.object({ terminalId: id() }),
    data: () => z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  addListening: endpoint({
    method: 'POST',
    path: '/v1/group/addListening',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Let a terminal listen to groups of its company',
    params: () => z.object({ terminalId: id(), groupIds: idList('selectUser') }),
    data: () => z.null(),
  }),
  removeListening: endpoint({
    method: 'POST',
    path: '/v1/group/removeListening',
    access: 'any',
    audit: { target: 'group' },
    summary: 'Stop a terminal listening to a group',
    params: () => z.object({ terminalId: id(), groupId: id() }),
    data: () => z.null(),
  }),
};
