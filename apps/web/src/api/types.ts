import type { api, DataOf } from '@ptt/contract';

/** Names for the data shapes the screens use, all derived from the contract. */
export type AppInfo = DataOf<typeof api.auth.getAppInfo>;
export type Puzzle = DataOf<typeof api.auth.getImg>;
export type LoginData = DataOf<typeof api.auth.accessToken>;
export type AgentInfo = DataOf<typeof api.profile.agent>;
export type OrgInfo = DataOf<typeof api.profile.org>;
export type FastStats = DataOf<typeof api.profile.faststats>;
export type CardSwitch = DataOf<typeof api.agent.queryCardSwitch>;
export type Bulletin = NonNullable<DataOf<typeof api.notice.getFirstBulletin>>;
