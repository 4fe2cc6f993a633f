import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export interface NewSession {
  tokenHash: string;
  role: number;
  subjectId: number;
  openid: string;
  scopePath: string;
  expiresAt: Date;
}

export const insertSession = (db: Conn, s: NewSession) => db.insert(sessions).values(s);

export async function findLiveSession(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      role: sessions.role,
      subjectId: sessions.subjectId,
      openid: sessions.openid,
      scopePath: sessions.scopePath,
    })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return row;
}

export const revokeSession = (db: Conn, id: number) =>
  db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));

/** Ends every other live session of an account (password change). */
export const revokeOtherSessions = (db: Conn, role: number, subjectId: number, keepId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.role, role),
        eq(sessions.subjectId, subjectId),
        ne(sessions.id, keepId),
        isNull(sessions.revokedAt),
      ),
    );

export const revokeAllSessions = (db: Conn, role: number, subjectId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.role, role), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));
