import { z } from 'zod';
import { Limits } from '../constants.ts';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import {
  cardReplacement,
  cardType,
  digits,
  iccid,
  id,
  idList,
  nicknameLong,
  pageParams,
  prefix,
  remark,
  ssid,
} from '../rules.ts';
import { endpoint, optional } from './define.ts';

/** Expiry dates per function, YYYY-MM-DD or null when never activated (2035+ reads as permanent). */
export const functionExpiries = once(() =>
  z.object({
    voice: z.string().nullable(),
    recording: z.string().nullable(),
    location: z.string().nullable(),
    sos: z.string().nullable(),
    fence: z.string().nullable(),
    video: z.string().nullable(),
    duplex: z.string().nullable(),
  }),
);
export type FunctionKey = keyof z.infer<ReturnType<typeof functionExpiries>>;
/** Which function each card type activates. VIP (7) is a user type, not a function. */
export const functionOfCard: Record<number, FunctionKey> = {
  0: 'voice',
  1: 'recording',
  2: 'location',
  3: 'sos',
  4: 'fence',
  5: 'video',
  6: 'duplex',
};

export const terminalSummary = once(() =>
  z.object({
    id: z.number(),
    ssid: z.string(),
    name: z.string(),
    org_id: z.number(),
    org_name: z.string(),
    user_type: z.number(),
    expiries: functionExpiries(),
    created_at: z.string(),
  }),
);

export const terminalDetail = once(() =>
  terminalSummary().extend({
    iccid: z.string(),
    remark: z.string(),
    dispatcher: z.boolean(),
    warranty: z.string().nullable(),
    default_group: z.object({ id: z.number(), name: z.string() }).nullable(),
    groups: z.array(z.object({ id: z.number(), name: z.string(), priority: z.number() })),
  }),
);

/** Service state filter of the user list. */
export const serviceState = once(() => z.enum(['active', 'expiring', 'expired']));

export const terminal = {
  list: endpoint({
    method: 'GET',
    path: '/v1/terminal/list',
    access: 'any',
    summary:
      'Terminals in scope; filter by company, group, voice service state; keyword matches SSID or name',
    params: () =>
      pageParams().extend({
        orgId: optional(id()),
        groupId: optional(id()),
        state: optional(serviceState()),
        keyword: z.string().trim().max(30).optional(),
      }),
    data: () => pageOf(terminalSummary()),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/terminal/detail',
    access: 'any',
    summary: 'One terminal in scope with its functions, groups and default group',
    params: () => z.object({ id: id() }),
    data: terminalDetail,
  }),
  batch: endpoint({
    method: 'POST',
    path: '/v1/terminal/batch',
    access: 'agent',
    audit: { target: 'terminal' },
    spends: true,
    summary: 'Create terminals in one batch (query: company, user type, prefix, mode; JSON body: ssids)',
    params: () =>
      z.object({
        orgId: digits('selectCompany').pipe(z.number().int('selectCompany').positive('selectCompany')),
        userType: digits('selectUserType').pipe(
          z.union([z.literal(0), z.literal(1)], { error: 'selectUserType' }),
        ),
        prefix: prefix(),
        mode: z.enum(['scan', 'input']).default('input'),
        ssids: z
          .array(ssid(), { error: 'selectUser' })
          .min(1, 'selectUser')
          .max(Limits.scanAddMax, 'scanMax'),
      }),
    data: () =>
      z.object({
        created: z.array(
          z.object({ id: z.number(), ssid: z.string(), name: z.string(), intercomPassword: z.string() }),
        ),
      }),
  }),
  selected: endpoint({
    method: 'GET',
    path: '/v1/terminal/selected',
    access: 'any',
    summary:
      'The chosen terminals that still exist in scope, with their functions, in id order: read before a ' +
      'renewal is confirmed, so that one deleted since drops out of the choice and permanent functions show',
    params: () => z.object({ ids: idList('selectUser') }),
    data: () =>
      z.object({
        list: z.array(
          terminalSummary().pick({ id: true, ssid: true, name: true, user_type: true, expiries: true }),
        ),
        total: z.number(),
      }),
  }),
  checkSsids: endpoint({
    method: 'GET',
    path: '/v1/terminal/checkSsids',
    access: 'any',
    summary:
      'Which of these SSIDs (comma-separated, at most 100) are already in use, asked before a batch or a ' +
      'card replacement is confirmed',
    params: () =>
      z.object({
        ssids: z.preprocess(
          (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
          z.array(ssid(), { error: 'selectUser' }).min(1, 'selectUser').max(Limits.scanAddMax, 'scanMax'),
        ),
      }),
    data: () => z.object({ taken: z.array(z.string()) }),
  }),
  addService: endpoint({
    method: 'GET',
    path: '/v1/terminal/addService',
    access: 'agent',
    audit: { target: 'terminal' },
    spends: true,
    summary: 'Activate or renew one function for the chosen terminals, one card per terminal',
    params: () => z.object({ ids: idList('selectUser'), cardType: cardType() }),
    data: () => z.object({ renewed: z.number(), skipped: z.number() }),
  }),
  cardBack: endpoint({
    method: 'GET',
    path: '/v1/terminal/cardBack',
    access: 'agent',
    audit: { target: 'terminal' },
    spends: true,
    summary:
      'Delete the chosen terminals; cards of services started in the last 30 days go back to the agent',
    params: () => z.object({ ids: idList('selectUser') }),
    data: () => z.object({ deleted: z.number(), returned: z.number() }),
  }),
  updateUser: endpoint({
    method: 'POST',
    path: '/v1/terminal/updateUser',
    access: 'any',
    audit: { target: 'terminal' },
    summary: 'Edit a terminal: name, ICCID, remark, dispatcher flag, or its company (agents only)',
    params: () =>
      z.object({
        id: id(),
        name: optional(nicknameLong()),
        iccid: optional(iccid()),
        remark: optional(remark()),
        dispatcher: optional(z.union([z.literal('1'), z.literal('0')]).transform((v) => v === '1')),
        orgId: optional(id()),
      }),
    data: () => z.null(),
  }),
  changecard: endpoint({
    method: 'POST',
    path: '/v1/terminal/changecard',
    access: 'any',
    audit: { target: 'terminal' },
    summary: 'Move a terminal and its services from an old SSID to a new one (warranty must be valid)',
    params: cardReplacement,
    data: () => z.object({ id: z.number(), ssid: z.string() }),
  }),
  resetIntercomPassword: endpoint({
    method: 'POST',
    path: '/v1/terminal/resetIntercomPassword',
    access: 'any',
    audit: { target: 'terminal' },
    summary: 'Give a terminal a new random intercom password, shown once',
    params: () => z.object({ id: id() }),
    data: () => z.object({ password: z.string() }),
  }),
};
