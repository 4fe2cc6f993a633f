import { and, eq, gt, lt } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { deviceSessions, orgs, terminalPresence, terminals } from '../../db/schema.ts';

export const insertSession = (db: Conn, row: typeof deviceSessions.$inferInsert) =>
  db.insert(deviceSessions).values(row);

export const deleteExpired = (db: Conn, terminalId: number) =>
  db
    .delete(deviceSessions)
    .where(and(eq(deviceSessions.terminalId, terminalId), lt(deviceSessions.expiresAt, new Date())));

/** A live device session with the terminal as it is now (company, path and credentials may have changed). */
export const findLiveSession = async (db: Conn, tokenHash: string) =>
  (
    await db
      .select({
        sessionId: deviceSessions.id,
        stamp: deviceSessions.credentialStamp,
        terminalId: terminals.id,
        orgId: terminals.orgId,
        agentPath: terminals.agentPath,
        ssid: terminals.ssid,
        name: terminals.name,
        pwdHash: terminals.intercomPwdHash,
        gps: orgs.gps,
        locationExpires: terminals.locationExpires,
        fenceExpires: terminals.fenceExpires,
        sosExpires: terminals.sosExpires,
        recordingExpires: terminals.recordingExpires,
        // Read with the session so that a call seen lately writes nothing more (presence).
        online: terminalPresence.online,
        lastSeenAt: terminalPresence.lastSeenAt,
        seenOrgId: terminalPresence.orgId,
      })
      .from(deviceSessions)
      .innerJoin(terminals, eq(terminals.id, deviceSessions.terminalId))
      .innerJoin(orgs, eq(orgs.id, terminals.orgId))
      .leftJoin(terminalPresence, eq(terminalPresence.terminalId, terminals.id))
      .where(and(eq(deviceSessions.tokenHash, tokenHash), gt(deviceSessions.expiresAt, new Date())))
      .limit(1)
  )[0];
