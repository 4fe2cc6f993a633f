import { api } from '@ptt/contract';
import type { AgentInfo, CardSwitch, FastStats, OrgInfo } from '../src/api/types.ts';

/** Shapes of the contract's answers, for component tests (values are arbitrary). */
export const agentInfo = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({
  id: 11,
  name: 'agent01',
  contact: 'Alice',
  path: 'A001',
  account: 'agent01',
  phone: '',
  email: '',
  area: '',
  address: '',
  has_pay_pwd: false,
  blance: 100,
  recording_card: 20,
  location_card: 30,
  sos_card: 40,
  enclosure_card: 50,
  video_card: 60,
  duplex_card: 70,
  super_card: 80,
  ...overrides,
});

export const allOn = (overrides: Partial<CardSwitch> = {}): CardSwitch => ({
  blance: 1,
  recording_card: 1,
  location_card: 1,
  sos_card: 1,
  enclosure_card: 1,
  video_card: 1,
  duplex_card: 1,
  super_card: 1,
  path: 'A001',
  ...overrides,
});

export const stats: FastStats = { agent_count: 2, org_count: 3, group_count: 4, user_count: 5 };

/** What an agent's home reads on opening (its profile, card switch, counts, notices), by path. */
export const agentHomeReplies = (path = 'A001', switches: Partial<CardSwitch> = {}) => ({
  [api.profile.agent.path]: { data: agentInfo({ path }) },
  [api.agent.queryCardSwitch.path]: { data: allOn({ path, ...switches }) },
  [api.profile.faststats.path]: { data: stats },
  [api.notice.newUnreadCount.path]: { data: 0 },
  [api.notice.getFirstBulletin.path]: { data: null },
});

export const orgInfo: OrgInfo = {
  id: 5,
  corg_name: 'company01',
  contact: 'Carol',
  account: 'company01',
  phone: '',
  email: '',
  area: '',
  address: '',
  agent_name: 'agent01',
};

/** The agent's one company, Taxi Co, as a page of GET /v1/agent/orgs answers it. */
export const taxiCoPage = {
  data: {
    list: [{ id: 3, corg_name: 'Taxi Co', account: 'taxi01', contact: 'Tom' }],
    total: 1,
    page: 1,
    size: 20,
  },
};

/** A user's functions with none of them ever activated. */
export const noExpiries = {
  voice: null,
  recording: null,
  location: null,
  sos: null,
  fence: null,
  video: null,
  duplex: null,
};

/** Radio 4 of Demo_Company, as an SOS, a recording or a live event names its user. */
export const radio4 = {
  terminal_id: 4,
  terminal_name: 'Radio 4',
  ssid: '100004',
  org_id: 2,
  org_name: 'Demo_Company',
};
