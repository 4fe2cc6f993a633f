import { z } from 'zod';
import { once } from '../lazy.ts';
import { address, contactName, email, enteredCode, mobile, passwordChange, region } from '../rules.ts';
import { count, empty, endpoint } from './define.ts';

const balances = {
  blance: count(),
  recording_card: count(),
  location_card: count(),
  sos_card: count(),
  enclosure_card: count(),
  video_card: count(),
  duplex_card: count(),
  super_card: count(),
};

/** A card switch record: 1 means the card type is enabled for the agent. */
export const cardSwitch = once(() =>
  z.object({
    blance: z.number(),
    recording_card: z.number(),
    location_card: z.number(),
    sos_card: z.number(),
    enclosure_card: z.number(),
    video_card: z.number(),
    duplex_card: z.number(),
    super_card: z.number(),
    path: z.string(),
  }),
);

export const agentInfo = once(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    contact: z.string(),
    path: z.string(),
    account: z.string(),
    phone: z.string(),
    email: z.string(),
    area: z.string(),
    address: z.string(),
    has_pay_pwd: z.boolean(),
    ...balances,
  }),
);

export const orgInfo = once(() =>
  z.object({
    id: z.number(),
    corg_name: z.string(),
    contact: z.string(),
    account: z.string(),
    phone: z.string(),
    email: z.string(),
    area: z.string(),
    address: z.string(),
    agent_name: z.string(),
  }),
);

export const fastStats = once(() =>
  z.object({
    agent_count: count(),
    org_count: count(),
    group_count: count(),
    user_count: count(),
  }),
);

export const profile = {
  faststats: endpoint({
    method: 'GET',
    path: '/v1/profile/faststats',
    access: 'any',
    summary: 'Counts of agents, companies, groups and users in the caller scope',
    params: empty,
    data: fastStats,
  }),
  agent: endpoint({
    method: 'GET',
    path: '/v1/profile/agent',
    access: 'agent',
    summary: 'The signed-in agent profile with its card balances',
    params: empty,
    data: agentInfo,
  }),
  org: endpoint({
    method: 'GET',
    path: '/v1/profile/org',
    access: 'org',
    summary: 'The signed-in company profile',
    params: empty,
    data: orgInfo,
  }),
  area: endpoint({
    method: 'POST',
    path: '/v1/profile/area',
    access: 'any',
    audit: { target: 'self' },
    summary: 'Set the area of the signed-in account',
    params: () => z.object({ area: region() }),
    data: () => z.null(),
  }),
  contact: endpoint({
    method: 'POST',
    path: '/v1/profile/contact',
    access: 'any',
    audit: { target: 'self' },
    summary: 'Set the contact name of the signed-in account',
    params: () => z.object({ contact: contactName() }),
    data: () => z.null(),
  }),
  address: endpoint({
    method: 'POST',
    path: '/v1/profile/address',
    access: 'any',
    audit: { target: 'self' },
    summary: 'Set the address of the signed-in account',
    params: () => z.object({ address: address() }),
    data: () => z.null(),
  }),
  password: endpoint({
    method: 'POST',
    path: '/v1/profile/password',
    access: 'any',
    audit: { target: 'self' },
    summary: 'Change the password; every other session of the account ends',
    params: passwordChange,
    data: () => z.null(),
  }),
  mobile: endpoint({
    method: 'POST',
    path: '/v1/profile/mobile',
    access: 'any',
    audit: { target: 'self' },
    summary:
      'Set the mobile number of the signed-in account; needs a bindPhone code sent to the new number ' +
      '(password resets go to this phone)',
    params: () => z.object({ mobile: mobile(), code: enteredCode() }),
    data: () => z.null(),
  }),
  email: endpoint({
    method: 'POST',
    path: '/v1/profile/email',
    access: 'any',
    audit: { target: 'self' },
    summary: 'Set the email of the signed-in account',
    params: () => z.object({ email: email() }),
    data: () => z.null(),
  }),
};
