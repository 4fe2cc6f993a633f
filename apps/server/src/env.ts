import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rules } from '@ptt/contract';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const ProxyNames = ['loopback', 'linklocal', 'uniquelocal'];

const schema = z.object({
  PORT: z.coerce.number().int().default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://… for PostgreSQL, memory:// for an in-memory PGlite; empty means PGlite in DATA_DIR. */
  DATABASE_URL: z.string().default(''),
  /**
   * postgres://… of the role that owns the tables, when DATABASE_URL's role owns nothing (DESIGN §8):
   * migrations, the server role's grants and partition upkeep run as it, everything else as DATABASE_URL's.
   * Empty: DATABASE_URL's role does everything (the embedded database, a one-role install).
   */
  DATABASE_OWNER_URL: z.string().default(''),
  /**
   * Connections to PostgreSQL per instance. A few per core of the database's machine keeps it
   * fastest: with 20 on two cores, the user list answered about a fifth fewer requests (docs/performance.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Unset: on for the embedded database and memory://, off for PostgreSQL (see readConfig). */
  SEED_DEMO: bool.optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies whose X-Forwarded-For is believed: none (false), the loopback (true: nginx on the same
   * machine, as deploy/nginx ships), or addresses and CIDR ranges separated by commas. The client is the
   * rightmost hop not among them, so a client cannot pick its address by sending the header itself.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): string[] | false => {
      if (['false', '0', ''].includes(v.trim())) return false;
      if (['true', '1'].includes(v.trim())) return ['loopback'];
      const list = v.split(',').map((s) => s.trim());
      const bad = list.find((s) => !isIP(s.replace(/\/\d{1,3}$/, '')) && !ProxyNames.includes(s));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${bad}" is no address, range or name` });
        return z.NEVER;
      }
      return list;
    }),
  /** Audio of talk bursts; empty means DATA_DIR/recordings. Several instances must share it. */
  RECORDINGS_DIR: z.string().default(''),
  RECORDING_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Audio one terminal may store in 24 hours: a radio stuck on talk cannot fill the disk. */
  RECORDING_TERMINAL_DAILY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Tiles the web map loads; {z}/{x}/{y} are filled in by the map. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** Where a new map opens ("lat,lng") while the account has no fence to open on. */
  MAP_CENTER: z
    .string()
    .default('22.3193,114.1694')
    .transform((v, ctx) => {
      const [lat, lng] = v.split(',').map((part) => Number(part.trim()));
      if (!/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/.test(v) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        ctx.addIssue({ code: 'custom', message: 'MAP_CENTER is "latitude,longitude" in degrees' });
        return z.NEVER;
      }
      return { lat, lng };
    }),
  /** offline names the nearest town of the bundled gazetteer and needs no network; nominatim asks GEOCODER_URL (cached in the database). */
  GEOCODER: z.enum(['offline', 'nominatim']).default('offline'),
  GEOCODER_URL: z.string().default('https://nominatim.openstreetmap.org/reverse'),
  /** How often a no-exit or no-entry fence repeats its alarm while a terminal stays in violation. */
  FENCE_REPEAT_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Zone of fence periods and of list date filters when a call names none; empty means the machine's. */
  TIME_ZONE: z.literal('').or(rules.timeZone).default(''),
  /** Days of positions kept; older days' tables are dropped whole. */
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Exports this instance writes at once, whoever asks (each account has two at most): an export reads
   * its list batch after batch from the pool while other calls wait for connections.
   */
  EXPORTS_AT_ONCE: z.coerce.number().int().min(1).max(100).default(4),
  /** Rows one export writes at most; a file that would hold more ends with a line asking for a narrower filter. */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(300_000),
  /** Months of the audit log kept; older months' tables are dropped whole. */
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  /** A terminal silent this long (no device call) goes offline; above the 15 s between presence writes. */
  PRESENCE_TIMEOUT_SECONDS: z.coerce.number().int().min(30).default(120),
  /** How long live events stay for a reconnecting stream to replay. */
  EVENT_RETENTION_HOURS: z.coerce.number().positive().default(24),
  /**
   * Web Push of SOS and fence alarms (npm run ptt -- push:vapid makes a pair): the VAPID keys in base64url
   * and the operator's contact (mailto: or https:). Empty keys: no push, the app hides its switch.
   */
  VAPID_PUBLIC_KEY: z.string().default(''),
  VAPID_PRIVATE_KEY: z.string().default(''),
  VAPID_SUBJECT: z.string().default(''),
  /** Empty: GET /metrics answers 404. Set: it answers Prometheus' text to `Authorization: Bearer <token>`, 404 to anything else. */
  METRICS_TOKEN: z.string().default(''),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /**
   * The hour (0–23, the server's TIME_ZONE) of the daily reminder run (expiries in 30, 7 and 1 days, low
   * balances); `off` runs none on this instance (`npm run ptt -- reminders:run` still does).
   */
  REMINDER_HOUR: z
    .string()
    .default('8')
    .transform((v, ctx) => {
      const text = v.trim().toLowerCase();
      if (text === 'off') return null;
      if (!/^\d{1,2}$/.test(text) || Number(text) > 23) {
        ctx.addIssue({ code: 'custom', message: 'REMINDER_HOUR is an hour from 0 to 23, or off' });
        return z.NEVER;
      }
      return Number(text);
    }),
  DEVICE_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
});

const machineZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type Config = z.infer<typeof schema>;

/** Configuration is read from the environment once, here. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const c = schema.parse(env);
  const vapid = [c.VAPID_PUBLIC_KEY, c.VAPID_PRIVATE_KEY, c.VAPID_SUBJECT];
  if (vapid.some(Boolean) && !vapid.every(Boolean))
    throw new Error(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together, or none of them',
    );
  const postgres = /^postgres(ql)?:\/\//;
  if (c.DATABASE_OWNER_URL && !(postgres.test(c.DATABASE_URL) && postgres.test(c.DATABASE_OWNER_URL)))
    throw new Error('DATABASE_OWNER_URL is a postgres:// address, beside a postgres:// DATABASE_URL');
  if (c.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(c.VAPID_SUBJECT))
    throw new Error('VAPID_SUBJECT is a mailto: or https: address of the operator');
  return {
    ...c,
    // Demo accounts with known passwords belong on a laptop, never by default on a production database.
    SEED_DEMO: c.SEED_DEMO ?? (c.DATABASE_URL === '' || c.DATABASE_URL.startsWith('memory://')),
    RECORDINGS_DIR: c.RECORDINGS_DIR || join(c.DATA_DIR, 'recordings'),
    TIME_ZONE: c.TIME_ZONE || machineZone(),
  };
};
