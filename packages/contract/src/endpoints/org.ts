import { z } from 'zod';
import { ServiceToggles } from '../enums.ts';
import { once } from '../lazy.ts';
import { account, companyName, contactName, email, id, mobile, password } from '../rules.ts';
import { count, endpoint, optional } from './define.ts';

const region = once(() =>
  z.string({ error: 'invalidParams' }).trim().min(1, 'invalidParams').max(50, 'invalidParams'),
);
/** Agents name the company; a company acting on itself sends no id. */
const target = once(() => z.object({ id: id().optional() }));

export const server = once(() =>
  z.object({
    server_type: z.string(),
    intranet_ip: z.string(),
    intranet_port: z.number(),
  }),
);

const toggleFlag = once(() =>
  z
    .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)])
    .transform((v) => Number(v))
    .optional(),
);
export const toggleParams = once(() =>
  z.object(
    Object.fromEntries(ServiceToggles.map((t) => [t, toggleFlag()])) as Record<
      (typeof ServiceToggles)[number],
      ReturnType<typeof toggleFlag>
    >,
  ),
);

export const orgDetail = once(() =>
  z.object({
    id: z.number(),
    corg_name: z.string(),
    contact: z.string(),
    account: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    region: z.string(),
    agent_id: z.number(),
    agent_name: z.string(),
    toggles: z.record(z.string(), z.number()),
    group_count: count(),
    user_count: count(),
    servers: z.array(server()),
    /** The company's contact gets the daily expiry reminder by SMS (DESIGN §10); the company may opt out. */
    reminder_sms: z.boolean(),
    created_at: z.string(),
  }),
);

export const org = {
  info: endpoint({
    method: 'GET',
    path: '/v1/org/info',
    access: 'any',
    summary: 'One company: the caller itself, or one in the agent scope (id)',
    params: target,
    data: orgDetail,
  }),
  getRegion: endpoint({
    method: 'GET',
    path: '/v1/org/getRegion',
    access: 'any',
    summary: 'Region of a company',
    params: target,
    data: () => z.object({ region: z.string() }),
  }),
  updateRegion: endpoint({
    method: 'POST',
    path: '/v1/org/updateRegion',
    access: 'any',
    audit: { target: 'org' },
    summary: 'Change the region of a company',
    params: () => target().extend({ region: region() }),
    data: () => z.null(),
  }),
  getAssemblyUrl: endpoint({
    method: 'GET',
    path: '/v1/org/getAssemblyUrl',
    access: 'any',
    summary: 'Server list of a company (server_type enclosure is the fence server)',
    params: target,
    data: () => z.array(server()),
  }),
  password: endpoint({
    method: 'POST',
    path: '/v1/org/password',
    access: 'agent',
    audit: { target: 'org' },
    summary: 'Set a new password for a company in scope; its sessions end',
    params: () => z.object({ id: id(), password: password() }),
    data: () => z.null(),
  }),
  deletingUnit: endpoint({
    method: 'POST',
    path: '/v1/org/deletingUnit',
    access: 'agent',
    audit: { target: 'org' },
    summary: 'Delete a company in scope that has no users left',
    params: () => z.object({ id: id() }),
    data: () => z.null(),
  }),
  changeAgent: endpoint({
    method: 'POST',
    path: '/v1/org/changeAgent',
    access: 'agent',
    audit: { target: 'org' },
    summary:
      'Top-level agents only: move a company of the subtree (with its users, groups, fences and records) ' +
      'to the agent itself or one of its sub-agents; both agents get a change-agent notice (type 8)',
    params: () => z.object({ orgId: id(), agentId: id() }),
    data: () => z.null(),
  }),
  setBindingPlatform: endpoint({
    method: 'POST',
    path: '/v1/org/setBindingPlatform',
    access: 'any',
    audit: { target: 'org' },
    summary: 'Set service toggles of a company (1 on, 0 off; absent unchanged)',
    params: () => target().extend(toggleParams().shape),
    data: () => z.null(),
  }),
  setReminderSms: endpoint({
    method: 'POST',
    path: '/v1/org/setReminderSms',
    access: 'any',
    audit: { target: 'org' },
    summary: "Turn the expiry reminder SMS to the company's contact on (1) or off (0)",
    params: () =>
      target().extend({ enabled: z.union([z.literal('1'), z.literal('0')]).transform((v) => v === '1') }),
    data: () => z.null(),
  }),
  updateUnit: endpoint({
    method: 'POST',
    path: '/v1/org/updateUnit',
    access: 'any',
    audit: { target: 'org' },
    summary: 'Edit the name, contact, phone, email or address of a company',
    params: () =>
      target().extend({
        name: companyName(),
        contact: contactName(),
        phone: optional(mobile()),
        email: optional(email()),
        address: z.string().trim().max(100, 'invalidParams').optional(),
      }),
    data: () => z.null(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/org/add',
    access: 'agent',
    audit: { target: 'org' },
    summary: 'Create a company under the signed-in agent',
    params: () =>
      z.object({
        name: companyName(),
        contact: contactName(),
        account: account(),
        password: password(),
        phone: optional(mobile()),
        region: region().optional(),
      }),
    data: () => z.object({ id: z.number() }),
  }),
};
