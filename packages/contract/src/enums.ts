export const Role = { agent: 0, org: 1 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Card type codes (SPEC §3) with the agentinfo / card switch field that holds each. */
export const CardTypes = [
  { code: 0, key: 'voice', field: 'blance' },
  { code: 1, key: 'recording', field: 'recording_card' },
  { code: 2, key: 'location', field: 'location_card' },
  { code: 3, key: 'sos', field: 'sos_card' },
  { code: 4, key: 'fence', field: 'enclosure_card' },
  { code: 5, key: 'video', field: 'video_card' },
  { code: 6, key: 'duplex', field: 'duplex_card' },
  { code: 7, key: 'vip', field: 'super_card' },
] as const;
export type CardTypeCode = (typeof CardTypes)[number]['code'];
export type CardKey = (typeof CardTypes)[number]['key'];
export type CardField = (typeof CardTypes)[number]['field'];
export const cardTypeCodes = CardTypes.map((c) => c.code) as CardTypeCode[];
export const cardByCode = (code: number) => CardTypes.find((c) => c.code === code);

/** Cards shown on the agent home strip, in order (SPEC §2: video is not on the strip). */
export const HomeStripCards: CardKey[] = ['voice', 'recording', 'location', 'sos', 'fence', 'duplex', 'vip'];

export const NoticeType = {
  sale: 1,
  createUser: 2,
  blank: 3,
  returnToLower: 4,
  recycle: 5,
  return: 6,
  deleteUsers: 7,
  changeAgent: 8,
  /** The daily reminder: terminals of a company whose function expires in 30, 7 or 1 days (DESIGN §10). */
  expiryReminder: 9,
  /** The daily reminder: a card balance under the agent's threshold. */
  lowBalance: 10,
  /** A company asks its agent to renew the users it names (its radar window in `days`: 0 for the expired). */
  renewalRequest: 11,
} as const;
export type NoticeTypeValue = (typeof NoticeType)[keyof typeof NoticeType];

/** 'restore': cards a parent gives back to the sub-agent it recycled them from (notice type 4). */
export const LedgerKind = ['grant', 'sale', 'recycle', 'consume', 'return', 'restore'] as const;
export type LedgerKindValue = (typeof LedgerKind)[number];

export const SosStatus = { unprocessed: 0, processed: 1 } as const;

export const UserType = { single: 0, vip: 1 } as const;

export const FenceTrigger = { enter: 0, leave: 1, noExit: 2, noEntry: 3 } as const;

/** Service toggles of a company (SPEC §4). */
export const ServiceToggles = [
  'binding_platform',
  'member_display',
  'noise_reduction',
  'user_intercom',
  'company_dispatcher',
  'gps',
  'single_call',
] as const;
export type ServiceToggle = (typeof ServiceToggles)[number];

export const Languages = ['en', 'cn', 'cn2'] as const;
export type Lang = (typeof Languages)[number];
