import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { agentKeyword } from '../../db/keywords.ts';
import { filteredPages } from '../../db/page.ts';
import { agentCards, agents } from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;

export const findAgentByAccount = async (db: Conn, account: string) =>
  (await db.select().from(agents).where(eq(agents.account, account)).limit(1))[0];

export const anyAgent = async (db: Conn) =>
  (await db.select({ id: agents.id }).from(agents).limit(1)).length > 0;

export const findAgentById = async (db: Conn, id: number) =>
  (await db.select().from(agents).where(eq(agents.id, id)).limit(1))[0];

/** An agent's row locked for an edit in the caller's transaction (rows referring to it may still be written). */
export const lockAgent = async (tx: Conn, id: number) =>
  (await tx.select().from(agents).where(eq(agents.id, id)).for('no key update'))[0];

export const insertAgent = async (db: Conn, row: NewAgent) =>
  (await db.insert(agents).values(row).returning())[0];

/** Takes the next child number of a parent atomically (the row lock serialises concurrent creations). */
export const takeChildSeq = async (db: Conn, parentId: number) =>
  (
    await db
      .update(agents)
      .set({ childSeq: sql`${agents.childSeq} + 1` })
      .where(eq(agents.id, parentId))
      .returning({ seq: agents.childSeq, path: agents.path })
  )[0];

/** Top-level paths are 4 characters; the highest one in use tells the next. */
export const topLevelPaths = async (db: Conn) =>
  (await db.select({ path: agents.path }).from(agents).where(sql`length(${agents.path}) = 4`)).map(
    (r) => r.path,
  );

/**
 * The agent `self` and, when it is one of its sub-agents, the agent `id`, in one read (agents have two
 * levels, so the agents below one are its children).
 */
export const findSelfAndChild = (db: Conn, self: number, id: number) =>
  db
    .select()
    .from(agents)
    .where(or(eq(agents.id, self), and(eq(agents.id, id), eq(agents.parentId, self))));

// Qualified by hand: inside a subquery an unqualified "id" would bind to the inner table.
const orgCount = sql<number>`(select count(*)::int from orgs o where o.agent_id = "agents"."id")`;

const listed = {
  id: agents.id,
  name: agents.name,
  contact: agents.contact,
  account: agents.account,
  phone: agents.phone,
  path: agents.path,
  org_count: orgCount,
  createdAt: agents.createdAt,
};
const newestFirst = [{ desc: agents.createdAt }, { desc: agents.id }];

/** An agent's balance and switch of one card type. */
export interface CardRow {
  cardType: number;
  balance: number;
  enabled: boolean;
}

/** An agent's card rows in card order: the agent is read in one statement with them. */
const cardRows = jsonRows<CardRow>(
  { cardType: sql`c.card_type`, balance: sql`c.balance`, enabled: sql`c.enabled` },
  sql`${agentCards} c where c.agent_id = "agents"."id"`,
  sql`c.card_type`,
);

/** The agent's profile (profile/agent) and its card switches. */
export const findWithCards = async (db: Conn, id: number) =>
  (
    await db
      .select({ ...getTableColumns(agents), cards: cardRows })
      .from(agents)
      .where(eq(agents.id, id))
      .limit(1)
  )[0];

/**
 * A sub-agent of `parent` with its cards, its parent's name and its companies' count (its detail), or
 * nothing: agents have two levels, so the agents below one are its children.
 */
export const findChildWithCards = async (db: Conn, parent: number, id: number) =>
  (
    await db
      .select({
        ...getTableColumns(agents),
        cards: cardRows,
        parentName: sql<string>`(select p.name from agents p where p.id = "agents"."parent_id")`,
        orgCount,
      })
      .from(agents)
      .where(and(eq(agents.id, id), eq(agents.parentId, parent)))
      .limit(1)
  )[0];

/** The sub-agents of a top-level agent (sub-agents create none), newest first, by a part of a name. */
const subAgentPages = filteredPages({
  table: agents,
  scope: (parentId: number) => eq(agents.parentId, parentId),
  filters: { keyword: (v: string) => agentKeyword(containing(v)) },
  order: newestFirst,
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ ...listed, ...place })
      .from(agents)
      .$dynamic(),
});

export const listSubAgents = (
  db: Conn,
  parentId: number,
  keyword: string | undefined,
  page: number,
  size: number,
) => subAgentPages(db, parentId, { keyword }, page, size);

export const updateAgentRow = (db: Conn, id: number, set: Partial<NewAgent>) =>
  db.update(agents).set(set).where(eq(agents.id, id));
