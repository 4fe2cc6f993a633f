import { z } from 'zod';
import { LedgerKind } from '../enums.ts';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import {
  account,
  agentName,
  cardPwd,
  cardType,
  contactName,
  digits,
  email,
  id,
  isoDate,
  mobile,
  pageParams,
  password,
  recycleQuantity,
  saleQuantity,
  timeZone,
} from '../rules.ts';
import { count, endpoint, optional } from './define.ts';
import { agentInfo, cardSwitch } from './profile.ts';

/**
 * A card switch as parameters: '1' enables a card type, '0' disables it; absent leaves it as it is
 * (on a new sub-agent: disabled).
 */
const flag = once(() =>
  z
    .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)])
    .transform((v) => Number(v))
    .optional(),
);
export const cardSwitchParams = once(() =>
  z.object({
    blance: flag(),
    recording_card: flag(),
    location_card: flag(),
    sos_card: flag(),
    enclosure_card: flag(),
    video_card: flag(),
    duplex_card: flag(),
    super_card: flag(),
  }),
);

export const agentSummary = once(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    contact: z.string(),
    account: z.string(),
    phone: z.string(),
    path: z.string(),
    org_count: count(),
    created_at: z.string(),
  }),
);

export const agentDetail = once(() =>
  agentInfo().extend({
    card_switch: cardSwitch(),
    parent_name: z.string(),
    org_count: count(),
    created_at: z.string(),
  }),
);

export const orgSummary = once(() =>
  z.object({
    id: z.number(),
    corg_name: z.string(),
    contact: z.string(),
    account: z.string(),
    agent_name: z.string(),
    user_count: count(),
    created_at: z.string(),
  }),
);

/** One ledger movement as the sales record shows it. */
export const ledgerRecord = once(() =>
  z.object({
    id: z.number(),
    kind: z.enum(LedgerKind),
    /** From the caller's side: a sale out, a purchase in, a recycle out of or back into its stock. */
    direction: z.enum(['in', 'out']),
    cardType: z.number(),
    quantity: z.number(),
    fromAgent: z.object({ id: z.number(), name: z.string() }).nullable(),
    toAgent: z.object({ id: z.number(), name: z.string() }).nullable(),
    org: z.object({ orgName: z.string() }).nullable(),
    created_at: z.string(),
  }),
);

const balanceOf = once(() => z.object({ balance: count() }));
const targetId = once(() => z.object({ id: id().optional() }));
const payPwd = once(() => optional(cardPwd()));
const keyword = once(() => z.string().trim().max(30).optional());
const chosenAgent = once(() =>
  digits('selectAgent').pipe(z.number().int('selectAgent').positive('selectAgent')),
);

export const recordFilter = once(() =>
  z.object({
    cardType: z.preprocess((v) => (v === '' ? undefined : v), cardType().optional()),
    /** YYYY-MM-DD, inclusive. */
    start: isoDate().optional(),
    end: isoDate().optional(),
  }),
);

export const agent = {
  queryCardSwitch: endpoint({
    method: 'POST',
    path: '/v1/agent/queryCardSwitch',
    access: 'agent',
    summary: 'The card switch of the signed-in agent, or of one of its sub-agents (id)',
    params: targetId,
    data: cardSwitch,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/agent/list',
    access: 'agent',
    summary:
      'Sub-agents of the signed-in top-level agent, newest first; keyword matches name, account, contact',
    params: () => pageParams().extend({ keyword: keyword() }),
    data: () => pageOf(agentSummary()),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/agent/detail',
    access: 'agent',
    summary: 'One sub-agent in scope with balances, card switch and company count',
    params: () => z.object({ id: id() }),
    data: agentDetail,
  }),
  getSalesPurchaseRecord: endpoint({
    method: 'GET',
    path: '/v1/agent/getSalesPurchaseRecord',
    access: 'agent',
    summary: 'Card movements of the signed-in agent (sales, purchases, recycling), newest first',
    params: () => pageParams().extend(recordFilter().shape),
    data: () => pageOf(ledgerRecord()),
  }),
  exportSalesRecord: endpoint({
    method: 'GET',
    path: '/v1/agent/exportSalesRecord',
    access: 'agent',
    summary:
      'The sales record of a date range (at most 90 days) as CSV (UTF-8 with BOM, opens in Excel), its times ' +
      'in timeZone (UTC without one), named in the time column and the file name',
    params: () =>
      recordFilter().extend({
        start: z.string({ error: 'dateStartBeforeEnd' }).pipe(isoDate()),
        end: z.string({ error: 'dateStartBeforeEnd' }).pipe(isoDate()),
        lang: z.enum(['en', 'cn', 'cn2']).default('en'),
        /** The zone the screen shows times in: the file's times are written in it and the file names it. */
        timeZone: optional(timeZone()),
      }),
    data: () => z.string(),
  }),
  getCardCount: endpoint({
    method: 'GET',
    path: '/v1/agent/getCardCount',
    access: 'agent',
    summary: 'Card balances of the signed-in agent or of a sub-agent in scope (id)',
    params: targetId,
    data: () =>
      agentInfo().pick({
        blance: true,
        recording_card: true,
        location_card: true,
        sos_card: true,
        enclosure_card: true,
        video_card: true,
        duplex_card: true,
        super_card: true,
      }),
  }),
  updatePhone: endpoint({
    method: 'GET',
    path: '/v1/agent/updatePhone',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Change the phone of a sub-agent in scope',
    params: () => z.object({ id: id(), phone: mobile() }),
    data: () => z.null(),
  }),
  orgs: endpoint({
    method: 'GET',
    path: '/v1/agent/orgs',
    access: 'agent',
    summary: 'Companies of the signed-in agent, or of a sub-agent in scope (id)',
    params: () => pageParams().extend({ id: id().optional(), keyword: keyword() }),
    data: () => pageOf(orgSummary()),
  }),
  cardRecovery: endpoint({
    method: 'POST',
    path: '/v1/agent/cardRecovery',
    access: 'agent',
    audit: { target: 'agent' },
    spends: true,
    summary: 'Recycle cards from a sub-agent back into the signed-in agent stock',
    params: () =>
      z.object({
        agentId: chosenAgent(),
        cardType: cardType(),
        quantity: recycleQuantity(),
        payPwd: payPwd(),
      }),
    data: balanceOf,
  }),
  returnCards: endpoint({
    method: 'POST',
    path: '/v1/agent/returnCards',
    access: 'agent',
    audit: { target: 'agent' },
    spends: true,
    summary:
      'Give a sub-agent back cards recycled from it (at most those taken back and not yet returned); ' +
      'it gets a return-to-lower-agent notice (type 4)',
    params: () =>
      z.object({
        agentId: chosenAgent(),
        cardType: cardType(),
        quantity: recycleQuantity(),
        payPwd: payPwd(),
      }),
    data: balanceOf,
  }),
  returnable: endpoint({
    method: 'GET',
    path: '/v1/agent/returnable',
    access: 'agent',
    summary:
      'How many cards of a type the signed-in agent took back from a sub-agent and may still give back, ' +
      'read before a return is confirmed',
    params: () => z.object({ agentId: chosenAgent(), cardType: cardType() }),
    data: () => z.object({ count: count() }),
  }),
  modifyingAgentInformation: endpoint({
    method: 'POST',
    path: '/v1/agent/ModifyingAgentInformation',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Edit the name, contact, phone or email of a sub-agent in scope',
    params: () =>
      z.object({
        id: id(),
        name: agentName(),
        contact: contactName(),
        phone: optional(mobile()),
        email: optional(email()),
      }),
    data: () => z.null(),
  }),
  password: endpoint({
    method: 'POST',
    path: '/v1/agent/password',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Set a new password for a sub-agent in scope; its sessions end',
    params: () => z.object({ id: id(), password: password() }),
    data: () => z.null(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/agent/add',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Create a sub-agent (top-level agents only) with its card switch',
    params: () =>
      cardSwitchParams().extend({
        name: agentName(),
        contact: contactName(),
        account: account(),
        password: password(),
        phone: optional(mobile()),
        email: optional(email()),
      }),
    data: () => z.object({ id: z.number() }),
  }),
  blanceAdd: endpoint({
    method: 'POST',
    path: '/v1/agent/blance/add',
    access: 'agent',
    audit: { target: 'agent' },
    spends: true,
    summary: 'Sell cards of one type to a sub-agent in scope',
    params: () =>
      z.object({
        agentId: chosenAgent(),
        cardType: cardType(),
        quantity: saleQuantity(),
        payPwd: payPwd(),
      }),
    data: balanceOf,
  }),
  updateAgent: endpoint({
    method: 'POST',
    path: '/v1/agent/updateAgent',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Set the card switch of a sub-agent in scope (only card types the caller has switched on)',
    params: () => cardSwitchParams().extend({ id: id() }),
    data: () => z.null(),
  }),
};
