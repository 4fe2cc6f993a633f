import { and, desc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agents, feedback, orgs } from '../../db/schema.ts';

export const insertFeedback = async (db: Conn, row: typeof feedback.$inferInsert) =>
  (await db.insert(feedback).values(row).returning({ id: feedback.id }))[0];

/** The latest feedback with the sender's account and name (agent or company, by role). */
export const latestFeedback = (db: Conn, limit: number) =>
  db
    .select({
      id: feedback.id,
      role: feedback.role,
      subjectId: feedback.subjectId,
      account: sql<string | null>`coalesce(${agents.account}, ${orgs.account})`,
      name: sql<string | null>`coalesce(${agents.name}, ${orgs.name})`,
      content: feedback.content,
      contact: feedback.contact,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .leftJoin(agents, and(eq(feedback.role, 0), eq(agents.id, feedback.subjectId)))
    .leftJoin(orgs, and(eq(feedback.role, 1), eq(orgs.id, feedback.subjectId)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
