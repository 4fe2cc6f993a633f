import { api, type Endpoint } from '@ptt/contract';
import type { Expected } from './audit-expected.ts';

/** An edit that changes something keeps its fields before and after. */
const edit = (kind: Expected['kind'], org?: true): Expected => ({ kind, before: true, after: true, org });
/** A password's change names its account and keeps no field: nothing of a secret is recorded. */
const secret = (kind: Expected['kind'], org?: true): Expected => ({ kind, before: false, after: false, org });

/**
 * The audit rows of the accounts endpoints (see `Expected`). The profile's calls name the signed-in
 * account as the kind of its role: the walk calls them as the top agent, its mobile as the company.
 */
export const accountsExpected = new Map<Endpoint, Expected>([
  [api.agent.add, { kind: 'agent', before: false, after: true }],
  [api.agent.modifyingAgentInformation, edit('agent')],
  [api.agent.updatePhone, edit('agent')],
  [api.agent.updateAgent, edit('agent')],
  [api.agent.setThreshold, edit('agent')],
  [api.agent.password, secret('agent')],
  [api.org.add, { kind: 'org', before: false, after: true, org: true }],
  [api.org.deletingUnit, { kind: 'org', before: true, after: false, org: true }],
  [api.org.changeAgent, edit('org', true)],
  [api.org.updateRegion, edit('org', true)],
  [api.org.updateUnit, edit('org', true)],
  [api.org.setBindingPlatform, edit('org', true)],
  [api.org.setReminderSms, edit('org', true)],
  [api.org.password, secret('org', true)],
  [api.profile.area, edit('agent')],
  [api.profile.contact, edit('agent')],
  [api.profile.address, edit('agent')],
  [api.profile.email, edit('agent')],
  [api.profile.mobile, edit('org', true)],
  [api.profile.password, secret('agent')],
  [api.jsp.updateCardPwd, secret('agent')],
  [api.feedback.send, { kind: 'feedback', before: false, after: true, org: true }],
]);
