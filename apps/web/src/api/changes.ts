import { api } from '@ptt/contract';

/**
 * What a change alters, named by the read endpoints whose answers show it. A mutation invalidates the
 * sets its change touches, so every list, detail and count that shows the record is fetched again.
 */

/** Counts of the caller's scope on the home screens and in search. */
const scopeCounts = [api.profile.faststats, api.search.global];

/** The expiry radar, its counts and what a renewal would take: a terminal's expiries or its company changed. */
export const expiryReads = [
  api.terminal.expiring,
  api.terminal.expiringCounts,
  api.terminal.renewPreview,
  api.agent.runway,
];

/** A terminal user: its rows and details, and the group and fence lists and counts it appears in. */
export const terminalReads = [
  api.terminal.list,
  api.terminal.detail,
  api.group.list,
  api.group.detail,
  api.group.members,
  api.group.unMembers,
  api.group.listening,
  api.fence.members,
  api.fence.unMembers,
  api.location.last,
  ...scopeCounts,
  ...expiryReads,
];

/** A group: its rows, details and members, and the users that show their groups. */
export const groupReads = [
  api.group.list,
  api.group.detail,
  api.group.members,
  api.group.unMembers,
  api.group.listening,
  api.terminal.list,
  api.terminal.detail,
  ...scopeCounts,
];

/** A fence: its rows, details, keeper and members. */
export const fenceReads = [api.fence.list, api.fence.detail, api.fence.members, api.fence.unMembers];

/** A company: its rows and details, its region, and the groups and users listed under its name. */
export const orgReads = [
  api.agent.orgs,
  api.org.info,
  api.org.getRegion,
  api.profile.org,
  api.group.list,
  api.terminal.list,
  ...scopeCounts,
  ...expiryReads,
];

/** A sub-agent: its rows and details and the card types it may use. */
export const agentReads = [api.agent.list, api.agent.detail, api.agent.queryCardSwitch, ...scopeCounts];

/** Service cards moving: balances, the ledger and the deal notices they write. */
export const balanceReads = [
  api.profile.agent,
  api.agent.getCardCount,
  api.agent.detail,
  api.agent.list,
  api.agent.getSalesPurchaseRecord,
  api.agent.returnable,
  api.agent.runway,
  api.terminal.renewPreview,
  api.notice.newUnreadCount,
  api.notice.getNotice,
];

/** An SOS being processed: its row, detail and the untreated count on the company's home. */
export const sosReads = [api.sos.list, api.sos.detail, api.sos.untreatedSOSCount];

/** A fence alarm written: the fence records and the company home's feed of them. */
export const fenceAlarmReads = [api.fence.records];
