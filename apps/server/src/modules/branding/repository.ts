import { eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { appInfo } from '../../db/schema.ts';

export type Branding = typeof appInfo.$inferSelect;

export const findBranding = async (db: Conn, type: string) =>
  (await db.select().from(appInfo).where(eq(appInfo.type, type)).limit(1))[0];

export const upsertBranding = (db: Conn, row: Branding) =>
  db
    .insert(appInfo)
    .values(row)
    .onConflictDoUpdate({ target: appInfo.type, set: { ...row } });
