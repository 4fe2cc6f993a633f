import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { agentKeyword } from '../../db/keywords.ts';
import { onWindow, windowParam } from '../../db/page.ts';
import { anyPattern, prepared, preparedBy, withTotal } from '../../db/prepared.ts';
import { agentCards, agents } from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;

export const findAgentByAccount = async (db: Conn, account: string) =>
  (await db.select().from(agents).where(eq(agents.account, account)).limit(1))[0];

// Read on most agent calls (the seller of a sale, a detail's parent): built once, prepared per connection.
const agentById = prepared((db) =>
  db
    .select()
    .from(agents)
    .where(eq(agents.id, sql.placeholder('id')))
    .limit(1)
    .prepare('agent_by_id'),
);

export const findAgentById = async (db: Conn, id: number) => (await agentById(db).execute({ id }))[0];

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

const selfAndChild = prepared((db) =>
  db
    .select()
    .from(agents)
    .where(
      or(
        eq(agents.id, sql.placeholder('self')),
        and(eq(agents.id, sql.placeholder('id')), eq(agents.parentId, sql.placeholder('self'))),
      ),
    )
    .prepare('agent_self_and_child'),
);

/**
 * The agent `self` and, when it is one of its sub-agents, the agent `id`, in one read (agents have two
 * levels, so the agents below one are its children).
 */
export const findSelfAndChild = (db: Conn, self: number, id: number) =>
  selfAndChild(db).execute({ self, id });

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
const newestFirst = [desc(agents.createdAt), desc(agents.id)];

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

// The agent's profile (profile/agent) and its card switches.
const withCards = prepared((db) =>
  db
    .select({ ...getTableColumns(agents), cards: cardRows })
    .from(agents)
    .where(eq(agents.id, sql.placeholder('id')))
    .limit(1)
    .prepare('agent_with_cards'),
);

export const findWithCards = async (db: Conn, id: number) => (await withCards(db).execute({ id }))[0];

/**
 * A sub-agent of `parent` with its cards, its parent's name and its companies' count (its detail), or
 * nothing: agents have two levels, so the agents below one are its children.
 */
const childWithCards = prepared((db) =>
  db
    .select({
      ...getTableColumns(agents),
      cards: cardRows,
      parentName: sql<string>`(select p.name from agents p where p.id = "agents"."parent_id")`,
      orgCount,
    })
    .from(agents)
    .where(and(eq(agents.id, sql.placeholder('id')), eq(agents.parentId, sql.placeholder('parent'))))
    .limit(1)
    .prepare('child_agent_with_cards'),
);

export const findChildWithCards = async (db: Conn, parent: number, id: number) =>
  (await childWithCards(db).execute({ id, parent }))[0];

/** The values of the sub-agent list's statements. */
const param = {
  parent: sql.placeholder('parent'),
  pattern: sql.placeholder('pattern'),
};

/** The parent's sub-agents, and with a keyword those whose name, account or contact contain it. */
const below = (keyword: boolean) =>
  and(eq(agents.parentId, param.parent), keyword ? agentKeyword(param.pattern) : undefined);

/**
 * A page of a parent's sub-agents without a keyword, in one statement: its ids from the parent's
 * index and the total counted on the same index.
 */
const pageBelow = prepared((db) =>
  db
    .select({
      ...listed,
      total: sql<number>`(select count(*) from agents c where c.parent_id = ${param.parent})::int`,
    })
    .from(agents)
    .where(onWindow(db, agents.id, eq(agents.parentId, param.parent), newestFirst))
    .orderBy(...newestFirst)
    .prepare('agent_page_below'),
);

const keywordPageBelow = prepared((db) =>
  db
    .select(listed)
    .from(agents)
    .where(below(true))
    .orderBy(...newestFirst)
    .limit(windowParam('limit'))
    .offset(windowParam('offset'))
    .prepare(anyPattern('agent_page_below_keyword')),
);

/** How many sub-agents a page's filter finds: one statement with a keyword, one without. */
const countBelow = preparedBy((db, keyword: boolean) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(agents)
    .where(below(keyword))
    .prepare(keyword ? anyPattern('agent_count_below_keyword') : 'agent_count_below'),
);

/** The sub-agents of a top-level agent (sub-agents create none), newest first, and how many match. */
export async function listSubAgents(
  db: Conn,
  parentId: number,
  keyword: string | undefined,
  page: number,
  size: number,
) {
  const window = { parent: parentId, limit: size, offset: (page - 1) * size };
  if (!keyword) {
    const rows = await pageBelow(db).execute(window);
    if (rows.length > 0) return withTotal(rows);
    // Past the last page: no row carries the total.
    return { list: [], total: (await countBelow(db, false).execute({ parent: parentId }))[0].n };
  }
  const pattern = containing(keyword);
  const [list, [counted]] = await Promise.all([
    keywordPageBelow(db).execute({ ...window, pattern }),
    countBelow(db, true).execute({ parent: parentId, pattern }),
  ]);
  return { list, total: counted.n };
}

export const updateAgentRow = (db: Conn, id: number, set: Partial<NewAgent>) =>
  db.update(agents).set(set).where(eq(agents.id, id));
