import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { appInfo } from '../../db/schema.ts';

export type Branding = typeof appInfo.$inferSelect;

// Read by every page of the web (auth/getAppInfo): built once, prepared per connection.
const brandingByType = prepared((db) =>
  db
    .select()
    .from(appInfo)
    .where(eq(appInfo.type, sql.placeholder('type')))
    .limit(1)
    .prepare('branding_by_type'),
);

export const findBranding = async (db: Conn, type: string) => (await brandingByType(db).execute({ type }))[0];

export const upsertBranding = (db: Conn, row: Branding) =>
  db
    .insert(appInfo)
    .values(row)
    .onConflictDoUpdate({ target: appInfo.type, set: { ...row } });
