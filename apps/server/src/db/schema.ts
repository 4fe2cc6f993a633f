import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * What this file cannot say, and the migrations hold (written with `drizzle-kit generate --custom`):
 * - the extensions pg_trgm (trigram indexes) and btree_gin (a company's id ahead of a name's trigrams);
 * - INCLUDE columns of covering indexes: terminals' scope indexes (name, ssid), the SSID prefix index
 *   (id and scope columns), positions_terminal_at;
 * - the counters kept by triggers in the statement that changes their rows: terminal_counts (terminals
 *   below each agent path), org_counts (a company's terminals), agent_counts (an agent's notices and
 *   ledger rows), and terminal_expiries (each terminal's expiries as rows);
 * - positions partitioned by day (PARTITION BY RANGE, a default partition; the server adds days ahead);
 * - audit_log partitioned by month the same way, append-only: its grants, and the triggers that refuse
 *   UPDATE, DELETE and TRUNCATE (migration 0051).
 * - the one-off backfill of card_ledger's balances after each move (0050, from the current balances);
 * - terminal_created_hours, kept by triggers on terminals as terminal_counts is (0052).
 * `npm run db:generate -w @ptt/server` on an unchanged schema writes nothing (test/migrations.test.ts).
 */

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const blank = (name: string) => text(name).notNull().default('');

/** Agents form a tree: a top-level agent has a 4-character path, each level adds 4 characters. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => agents.id),
    path: text('path').notNull().unique(),
    childSeq: integer('child_seq').notNull().default(0),
    name: text('name').notNull(),
    contact: blank('contact'),
    account: text('account').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    payPwdHash: text('pay_pwd_hash'),
    openid: text('openid').notNull().unique(),
    phone: blank('phone'),
    email: blank('email'),
    area: blank('area'),
    address: blank('address'),
    createdAt: created(),
  },
  (t) => [
    index('agents_path_prefix').on(t.path.op('text_pattern_ops')),
    // A top-level agent's sub-agents, newest first (the hierarchy has two levels).
    index('agents_parent').on(t.parentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** One row per agent per card type: the balance and whether the type is switched on for the agent. */
export const agentCards = pgTable(
  'agent_cards',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    cardType: smallint('card_type').notNull(),
    balance: integer('balance').notNull().default(0),
    enabled: boolean('enabled').notNull().default(false),
    /** The agent is reminded when the balance falls under it; 0 is none (DESIGN §10). */
    threshold: integer('threshold').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.cardType] }),
    check('agent_cards_balance_nonnegative', sql`${t.balance} >= 0`),
    check('agent_cards_type_range', sql`${t.cardType} between 0 and 7`),
  ],
);

export const orgs = pgTable(
  'orgs',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The owning agent's path, kept here so scope checks and counts need no join. */
    agentPath: text('agent_path').notNull(),
    name: text('name').notNull(),
    contact: blank('contact'),
    account: text('account').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    openid: text('openid').notNull().unique(),
    phone: blank('phone'),
    email: blank('email'),
    area: blank('area'),
    address: blank('address'),
    region: blank('region'),
    bindingPlatform: boolean('binding_platform').notNull().default(false),
    memberDisplay: boolean('member_display').notNull().default(true),
    noiseReduction: boolean('noise_reduction').notNull().default(false),
    userIntercom: boolean('user_intercom').notNull().default(true),
    companyDispatcher: boolean('company_dispatcher').notNull().default(false),
    gps: boolean('gps').notNull().default(false),
    singleCall: boolean('single_call').notNull().default(true),
    /** The contact gets the daily expiry reminder by SMS unless the company opted out. */
    reminderSms: boolean('reminder_sms').notNull().default(true),
    createdAt: created(),
    /** The top-level agent's path: a top-level agent's list holds its sub-agents' companies too. */
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
  },
  (t) => [
    index('orgs_agent_path_prefix').on(t.agentPath.op('text_pattern_ops')),
    // An agent's companies, newest first: a page and its count read this index alone.
    index('orgs_agent').on(t.agentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A top-level agent's companies and its sub-agents', newest first.
    index('orgs_top').on(t.topPath, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A keyword finds a company by any part of its name, account or contact, indexed as one text
    // (`orgWords` in the org module, migration 0033).
    index('orgs_words_trgm')
      .using('gin', sql`(${t.name} || ' ' || ${t.account} || ' ' || ${t.contact}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const orgServers = pgTable('org_servers', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id')
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  serverType: text('server_type').notNull(),
  intranetIp: text('intranet_ip').notNull(),
  intranetPort: integer('intranet_port').notNull(),
});

/** Terminals (users): a 15-digit SSID unique platform-wide, one company, per-function expiry dates. */
export const terminals = pgTable(
  'terminals',
  {
    id: serial('id').primaryKey(),
    ssid: text('ssid').notNull().unique(),
    iccid: text('iccid'),
    name: text('name').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    agentPath: text('agent_path').notNull(),
    /** The top-level agent's path: agents are two levels deep (DESIGN §4). */
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    userType: smallint('user_type').notNull().default(0),
    /** The agent whose voice or VIP card paid for the terminal: unused cards go back to it. */
    cardAgentId: integer('card_agent_id').references(() => agents.id),
    intercomPwdHash: text('intercom_pwd_hash').notNull(),
    defaultGroupId: integer('default_group_id'),
    dispatcher: boolean('dispatcher').notNull().default(false),
    voiceExpires: date('voice_expires'),
    recordingExpires: date('recording_expires'),
    locationExpires: date('location_expires'),
    sosExpires: date('sos_expires'),
    fenceExpires: date('fence_expires'),
    videoExpires: date('video_expires'),
    duplexExpires: date('duplex_expires'),
    warrantyExpires: date('warranty_expires'),
    remark: blank('remark'),
    createdAt: created(),
  },
  (t) => [
    // An agent's list is an equality on its level's path, a company's on org_id, each newest first. Each
    // carries the name and the SSID (migration 0035), so a keyword's walk newest first reads no row.
    index('terminals_top_path_id').on(t.topPath, t.id),
    index('terminals_agent_path_id').on(t.agentPath, t.id),
    index('terminals_org_id_id').on(t.orgId, t.id),
    // The user list's service-state filter per scope: its matching ids and their count on the index alone.
    index('terminals_top_path_voice').on(t.topPath, t.voiceExpires, t.id),
    index('terminals_agent_path_voice').on(t.agentPath, t.voiceExpires, t.id),
    index('terminals_org_id_voice').on(t.orgId, t.voiceExpires, t.id),
    // A keyword finds the start or the end of an SSID (prefix indexes on it and on its reverse) and any
    // part of a name (pg_trgm, with the company ahead of it through btree_gin, migration 0034). Without a
    // pending list (fastupdate off) a name search reads only the index's tree; a pending list of recent
    // inserts is scanned whole by every search until vacuum.
    // With the id and the scope columns included (migration 0019): a batch prefix is read on the index alone.
    index('terminals_ssid_prefix').on(t.ssid.op('text_pattern_ops')),
    index('terminals_ssid_reversed').on(sql`reverse(${t.ssid}) text_pattern_ops`),
    index('terminals_org_name_trgm')
      .using('gin', t.orgId, t.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/**
 * Terminals below every agent path prefix (one row per level of every terminal's agent path), kept by
 * triggers on `terminals` in the same statement as the change: home counts read one row, not a scan.
 */
export const terminalCounts = pgTable('terminal_counts', {
  path: text('path').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * Terminals created below every agent path prefix per UTC hour, kept by statement triggers on `terminals`
 * (migration 0052, like `terminal_counts`): the agent report's months add up a scope's hours instead of
 * counting its terminals; an hour falls in the right month of any whole-hour zone.
 */
export const terminalCreatedHours = pgTable(
  'terminal_created_hours',
  {
    path: text('path').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.hour] })],
);

/**
 * One row per terminal and function with an expiry, but the VIP permanent one (2099-12-31): the expiry
 * radar, its counts, the card runway's renewals due and the reminders read a scope's window on these
 * indexes instead of every terminal of the scope. Kept by statement triggers on `terminals` (migration
 * 0049) in the statement that writes them; a terminal's rows go with it.
 */
export const terminalExpiries = pgTable(
  'terminal_expiries',
  {
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** The function's name (voice, recording, location, sos, fence, video, duplex). */
    function: text('function').notNull(),
    expires: date('expires').notNull(),
    agentPath: text('agent_path').notNull(),
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    orgId: integer('org_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.function] }),
    // Per scope, a window of expiries with the function and the terminal: counts on the index alone.
    index('terminal_expiries_top_path').on(t.topPath, t.expires, t.terminalId, t.function),
    index('terminal_expiries_agent_path').on(t.agentPath, t.expires, t.terminalId, t.function),
    index('terminal_expiries_org_id').on(t.orgId, t.expires, t.terminalId, t.function),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    agentPath: text('agent_path').notNull(),
    /** The top-level agent's path, as on terminals: an agent's groups by equality. */
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    name: text('name').notNull(),
    /** Set when a terminal created the group itself; removing that owner deletes the group. */
    ownerTerminalId: integer('owner_terminal_id'),
    leaderTerminalId: integer('leader_terminal_id'),
    compereTerminalId: integer('compere_terminal_id'),
    createdAt: created(),
  },
  (t) => [
    unique('groups_org_name').on(t.orgId, t.name),
    // A top-level agent's groups and a sub-agent's (its companies carry its path), newest first.
    index('groups_top_path_id').on(t.topPath, t.id),
    index('groups_agent_path_id').on(t.agentPath, t.id),
    index('groups_owner').on(t.ownerTerminalId).where(sql`owner_terminal_id is not null`),
    // A keyword finds a group by any part of its name (migration 0033).
    index('groups_name_trgm').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    priority: smallint('priority').notNull().default(3),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.terminalId] }),
    index('group_members_terminal').on(t.terminalId),
    // A group's members in list order (priority, then terminal): a page reads its own entries only.
    index('group_members_order').on(t.groupId, t.priority, t.terminalId),
    check('group_members_priority_range', sql`${t.priority} between 1 and 5`),
  ],
);

/** Every card movement is one row, written in the transaction that changes the balances. */
export const cardLedger = pgTable(
  'card_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    cardType: smallint('card_type').notNull(),
    quantity: integer('quantity').notNull(),
    fromAgentId: integer('from_agent_id'),
    toAgentId: integer('to_agent_id'),
    orgId: integer('org_id'),
    terminalId: integer('terminal_id'),
    /** Each side's balance of the card type after the move, as its locked row held it (null: no such side). */
    fromBalance: integer('from_balance'),
    toBalance: integer('to_balance'),
    /** Who did it: role (0 agent, 1 company) and id; null for the platform operator (CLI grant, demo seed). */
    operatorRole: smallint('operator_role'),
    operatorId: integer('operator_id'),
    // The clock at the insert, not the transaction's start: the insert runs under the balance row's lock,
    // so one agent's rows of one card type are in the same order by time as by id, and a statement's
    // balance before is the previous row's balance after.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check('card_ledger_quantity_positive', sql`${t.quantity} > 0`),
    // An agent's records are the rows of either side, newest first: each side's index gives its rows
    // in that order (merged by the page's query), and carries the card type so that a filtered page
    // or count reads the index alone.
    index('card_ledger_from').on(
      t.fromAgentId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.cardType,
    ),
    index('card_ledger_to').on(
      t.toAgentId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.cardType,
    ),
  ],
);

/** Deal notices to an agent (types 1–8), with the names as they were at the time. */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    cardType: smallint('card_type'),
    quantity: integer('quantity'),
    fromAgentId: integer('from_agent_id'),
    fromAgentName: text('from_agent_name'),
    toAgentId: integer('to_agent_id'),
    toAgentName: text('to_agent_name'),
    orgName: text('org_name'),
    userName: text('user_name'),
    users: jsonb('users').$type<{ name: string; account: string }[]>(),
    /** A reminder's days before the expiry (type 9). */
    days: smallint('days'),
    content: blank('content'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('notices_agent').on(t.agentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notices_unread').on(t.agentId, t.readAt),
  ],
);

/**
 * Per agent, its notices and the ledger rows it is on either side of: the totals of its unfiltered
 * notice and record lists, which grow with every sale. Kept by statement triggers on notices and
 * card_ledger (migration 0012) in the statement that writes the rows.
 */
export const agentCounts = pgTable('agent_counts', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  notices: bigint('notices', { mode: 'number' }).notNull().default(0),
  ledger: bigint('ledger', { mode: 'number' }).notNull().default(0),
});

/**
 * Per company, its terminals: the user count of the company list, its detail and its home, and its
 * list's total, which a 20 000-terminal company would otherwise count on every read. Kept by
 * statement triggers on terminals (migration 0015) in the statement that writes them.
 */
export const orgCounts = pgTable('org_counts', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  terminals: bigint('terminals', { mode: 'number' }).notNull().default(0),
});

export const bulletins = pgTable('bulletins', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: created(),
});

export const bulletinReads = pgTable(
  'bulletin_reads',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.bulletinId] })],
);

export const sosRecords = pgTable(
  'sos_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    agentPath: text('agent_path').notNull(),
    /** The top-level agent's path, as on terminals: an agent's alarms by equality. */
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: smallint('status').notNull().default(0),
    processor: text('processor'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    remark: blank('remark'),
    /** Marked so by whoever processed it: the alarm was raised by mistake. */
    falseAlarm: boolean('false_alarm').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    // A company's list in its order (unprocessed first, newest first), and its untreated count.
    index('sos_org_status_newest').on(
      t.orgId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The same for a top-level agent's alarms and for a sub-agent's (its companies carry its path); the
    // untreated ones (an agent's home count) lead each.
    index('sos_top_status_newest').on(
      t.topPath,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sos_path_status_newest').on(
      t.agentPath,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Whether a terminal has an open SOS, for each row of a fleet page, on the index alone; and a
    // terminal's deletion finds its alarms here rather than reading the whole history.
    index('sos_terminal_status').on(t.terminalId, t.status),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    role: smallint('role').notNull(),
    subjectId: integer('subject_id').notNull(),
    openid: text('openid').notNull(),
    /** Agents: their own path; companies: their agent's, rewritten when the company changes agent. */
    scopePath: text('scope_path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('sessions_subject').on(t.role, t.subjectId)],
);

/** Slider puzzles: single use, short-lived; the token is stored hashed. */
export const puzzles = pgTable('puzzles', {
  tokenHash: text('token_hash').primaryKey(),
  x: integer('x').notNull(),
  y: integer('y').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters for throttling, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** The platform look per client type, set by the operator CLI. */
export const appInfo = pgTable('app_info', {
  type: text('type').primaryKey(),
  appid: text('appid').notNull(),
  appsecret: text('appsecret').notNull(),
  title: text('title').notNull(),
  topBackground: text('top_background').notNull(),
  topFontColor: text('top_font_color').notNull(),
  logo: blank('logo'),
  icon: blank('icon'),
});

/** Groups a terminal listens to besides its own (SPEC §2 /ListeningGroup). */
export const listeningGroups = pgTable(
  'listening_groups',
  {
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.groupId] })],
);

/** SMS verification codes: 4 digits, stored hashed, short-lived, limited tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('sms_codes_phone').on(t.phone, t.purpose, t.createdAt)],
);

/** What the default SMS provider "sends": kept so the flows work without a gateway. */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  createdAt: created(),
});

export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  role: smallint('role').notNull(),
  subjectId: integer('subject_id').notNull(),
  content: text('content').notNull(),
  contact: blank('contact'),
  createdAt: created(),
});

/** Device sessions of terminals (/device/v1): tokens stored hashed, tied to the credentials they were issued for. */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** A digest of the SSID and intercom password hash at login: a new password or SSID ends the session. */
    credentialStamp: text('credential_stamp').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [index('device_sessions_terminal').on(t.terminalId)],
);

/** Reported positions. Company and path are those at the time, so a moved terminal's past stays private. */
export const positions = pgTable(
  'positions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    agentPath: text('agent_path').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    speed: real('speed'),
    accuracy: real('accuracy'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  // Partitioned by day (migration 0030); the key carries the partition column, as PostgreSQL requires.
  // The track index also holds the point's columns (INCLUDE, migration 0032), so a track reads no table.
  (t) => [primaryKey({ columns: [t.id, t.at] }), index('positions_terminal_at').on(t.terminalId, t.at)],
);

/** Reverse-geocoded addresses by provider, language and rounded coordinates. */
export const geocodeCache = pgTable('geocode_cache', {
  key: text('key').primaryKey(),
  address: text('address').notNull(),
  createdAt: created(),
});

export const fences = pgTable(
  'fences',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    agentPath: text('agent_path').notNull(),
    name: text('name').notNull(),
    shape: text('shape').notNull(),
    centerLat: doublePrecision('center_lat'),
    centerLng: doublePrecision('center_lng'),
    radius: doublePrecision('radius'),
    points: jsonb('points').$type<{ lat: number; lng: number }[]>().notNull().default([]),
    trigger: smallint('trigger').notNull(),
    windowStart: text('window_start').notNull().default('00:00'),
    windowEnd: text('window_end').notNull().default('23:59'),
    timeZone: text('time_zone').notNull(),
    permanent: boolean('permanent').notNull().default(true),
    dateStart: date('date_start'),
    dateEnd: date('date_end'),
    keeperTerminalId: integer('keeper_terminal_id').references(() => terminals.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    unique('fences_org_name').on(t.orgId, t.name),
    index('fences_agent_path_prefix').on(t.agentPath.op('text_pattern_ops')),
    check('fences_trigger_range', sql`${t.trigger} between 0 and 3`),
    check('fences_shape', sql`${t.shape} in ('circle', 'polygon')`),
  ],
);

export const fenceMembers = pgTable(
  'fence_members',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.fenceId, t.terminalId] }),
    index('fence_members_terminal').on(t.terminalId),
  ],
);

/** What the fence engine last knew of a terminal and a fence: inside or not, and its last alarm. */
export const fenceStates = pgTable(
  'fence_states',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    inside: boolean('inside').notNull(),
    /** Time of the position last evaluated: older positions arriving late do not rewind the state. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    lastAlarmAt: timestamp('last_alarm_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.fenceId] })],
);

/** Fence alarms; the fence name is kept so records outlive a deleted fence. */
export const fenceRecords = pgTable(
  'fence_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    agentPath: text('agent_path').notNull(),
    fenceId: integer('fence_id').references(() => fences.id, { onDelete: 'set null' }),
    fenceName: text('fence_name').notNull(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [
    // A company's records newest first, the id breaking ties: walked backwards in list order.
    index('fence_records_org_at_id').on(t.orgId, t.at, t.id),
    index('fence_records_agent_path').on(t.agentPath.op('text_pattern_ops')),
    index('fence_records_fence').on(t.fenceId),
  ],
);

/** Talk bursts: the audio lives in RECORDINGS_DIR under `file`; the group name is kept past its deletion. */
export const recordings = pgTable(
  'recordings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    agentPath: text('agent_path').notNull(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    file: text('file').notNull(),
    createdAt: created(),
  },
  (t) => [
    // A company's recordings newest first, the id breaking ties: walked backwards in list order.
    index('recordings_org_started_id').on(t.orgId, t.startedAt, t.id),
    // A terminal's audio of the last day, summed at each upload (its daily quota).
    index('recordings_terminal_created').on(t.terminalId, t.createdAt),
    index('recordings_agent_path').on(t.agentPath.op('text_pattern_ops')),
    index('recordings_terminal_started').on(t.terminalId, t.startedAt),
  ],
);

/**
 * Events of the live stream (docs/architecture.md, "Live events"), written in the transaction of the
 * change they report and kept for EVENT_RETENTION_HOURS. No foreign key: an event outlives its records.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    orgId: integer('org_id').notNull(),
    agentPath: text('agent_path').notNull(),
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  (t) => [index('live_events_created_at').on(t.createdAt)],
);

/** Whether a terminal is on: seen by any device call, offline after PRESENCE_TIMEOUT_SECONDS of silence. */
export const terminalPresence = pgTable(
  'terminal_presence',
  {
    terminalId: integer('terminal_id')
      .primaryKey()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    agentPath: text('agent_path').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    online: boolean('online').notNull(),
  },
  (t) => [index('terminal_presence_online_seen').on(t.lastSeenAt).where(sql`"online"`)],
);

/** Each terminal's newest position (by its time), for the fleet map; the company is the one it reported in. */
export const terminalPositionsLast = pgTable('terminal_positions_last', {
  terminalId: integer('terminal_id')
    .primaryKey()
    .references(() => terminals.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  speed: real('speed'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * Browsers that asked for SOS and fence alarms (Web Push): one row per account (role 0 agent, 1
 * company) and push endpoint, bound to the session that subscribed it, with the language its texts
 * are sent in.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    role: smallint('role').notNull(),
    accountId: integer('account_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lang: text('lang').notNull().default('en'),
    userAgent: blank('user_agent'),
    /** The session that subscribed: alarms go only while it holds, and the row goes with it. */
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('push_subscriptions_owner_endpoint').on(t.role, t.accountId, t.endpoint)],
);

/** Live events whose alarm has been pushed: the first instance to insert an event's id sends it. */
export const pushSent = pgTable('push_sent', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
  createdAt: created(),
});

/**
 * Reminders written by the daily run, one row per thing reminded: an expiry (terminal, function, the
 * expiry date, days before it) or a low balance (agent, card type, threshold). The unique keys make a
 * second run, on this or another instance, remind nothing twice.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').references(() => terminals.id, { onDelete: 'cascade' }),
    function: text('function'),
    expires: date('expires'),
    days: smallint('days'),
    cardType: smallint('card_type'),
    threshold: integer('threshold'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('reminders_sent_expiry')
      .on(t.terminalId, t.function, t.expires, t.days)
      .where(sql`${t.kind} = 'expiry'`),
    uniqueIndex('reminders_sent_balance')
      .on(t.agentId, t.cardType, t.threshold)
      .where(sql`${t.kind} = 'balance'`),
  ],
);

/** Daily jobs: the instance that inserts a job's row for a day runs it; the others see it taken. */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    day: date('day').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);

/** A balance a spend moved under its lock (an audit row's `cards`). */
export interface AuditCards {
  agent_id: number;
  card_type: number;
  before: number;
  after: number;
}

/**
 * What a spending call answered, by its client's Idempotency-Key, per account, for a day (migration 0053).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountRole: smallint('account_role').notNull(),
    accountId: integer('account_id').notNull(),
    key: text('key').notNull(),
    action: text('action').notNull(),
    paramsHash: text('params_hash').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountRole, t.accountId, t.key] }),
    index('idempotency_keys_created_at').on(t.createdAt),
  ],
);

/**
 * Who changed what: one row per successful call that changes something (modules/audit). Partitioned by
 * month (migration 0051) and append-only. The scope columns are the actor's: a company's id for a company,
 * the agent path of the agent or of the company's agent, and its top path.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorRole: smallint('actor_role').notNull(),
    actorId: integer('actor_id').notNull(),
    actorAccount: text('actor_account').notNull(),
    orgId: integer('org_id'),
    /** Every company whose records the change touched, whoever made it (migration 0054). */
    orgIds: integer('org_ids').array().notNull().default(sql`'{}'`),
    agentPath: text('agent_path').notNull(),
    topPath: text('top_path').notNull().generatedAlwaysAs(sql`left(agent_path, 4)`),
    ip: text('ip').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetIds: integer('target_ids').array().notNull().default(sql`'{}'`),
    before: jsonb('before').$type<Record<string, Record<string, unknown>>>(),
    after: jsonb('after').$type<Record<string, Record<string, unknown>>>(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    cards: jsonb('cards').$type<AuditCards[]>(),
  },
  // The key carries the partition column, as PostgreSQL requires. Each scope reads its rows newest first;
  // the actor and action filters have their own, as they cut across a top-level agent's many rows.
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('audit_log_org_at').on(t.orgId, t.at),
    index('audit_log_path_at').on(t.agentPath, t.at),
    index('audit_log_top_at').on(t.topPath, t.at),
    index('audit_log_top_action_at').on(t.topPath, t.action, t.at),
    index('audit_log_actor_at').on(t.actorAccount, t.at),
    // A company's changes and the company filter ask which rows' companies contain it; a record's
    // changes, which rows' targets contain it.
    index('audit_log_org_ids').using('gin', t.orgIds),
    index('audit_log_target_ids').using('gin', t.targetIds),
  ],
);

/**
 * Terminals per scope and expiry day, which the radar's counts add up instead of reading every expiry row
 * of a window. A row (day, day) holds the terminals with an expiry that day (two functions that day count
 * once); a row (first, last), first before last, holds minus the terminals whose next expiry day after
 * `first` is `last`, for days at most 90 apart (the radar's widest window). A terminal's days within a
 * window follow one another, k days and k − 1 such pairs, so the rows lying within it sum to the terminals
 * with an expiry in it, each once. A scope is an agent path prefix (`org_id` 0) or a company (`path` '').
 * Kept by statement triggers on `terminals` (migration 0055); a row may fall to 0 and stay.
 */
export const terminalExpiryDays = pgTable(
  'terminal_expiry_days',
  {
    path: text('path').notNull(),
    orgId: integer('org_id').notNull(),
    first: date('first').notNull(),
    last: date('last').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.path, t.orgId, t.first, t.last] })],
);

/**
 * Terminals per scope, expiry day and function (but the VIP permanent one): the card runway's renewals
 * due and the radar's total for one function. Scopes and upkeep as `terminal_expiry_days`.
 */
export const terminalFunctionDays = pgTable(
  'terminal_function_days',
  {
    path: text('path').notNull(),
    orgId: integer('org_id').notNull(),
    day: date('day').notNull(),
    function: text('function').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.path, t.orgId, t.day, t.function] })],
);

/**
 * The weeks a terminal called the server while in a company, one row per terminal, UTC week (its Monday)
 * and company, written by its first call of the week there (presence).
 */
export const terminalWeeks = pgTable(
  'terminal_weeks',
  {
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    orgId: integer('org_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.week, t.orgId] })],
);

/**
 * A company's terminals online per UTC week, kept by statement triggers on `terminal_weeks` (migration
 * 0056): the company report reads a row a week instead of counting its terminals' weeks.
 */
export const orgOnlineWeeks = pgTable(
  'org_online_weeks',
  {
    orgId: integer('org_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.week] })],
);

/**
 * The users a 'consume' row of the card ledger charged: one row per terminal, its SSID and name as they
 * were at the move (the terminal may be renamed, moved or deleted later; the ledger keeps what was paid
 * for). Written in the transaction of the ledger row (migration 0057); rows before it have none.
 */
export const cardLedgerUsers = pgTable(
  'card_ledger_users',
  {
    ledgerId: bigint('ledger_id', { mode: 'number' })
      .notNull()
      .references(() => cardLedger.id, { onDelete: 'cascade' }),
    terminalId: integer('terminal_id').notNull(),
    ssid: text('ssid').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.terminalId] })],
);
