import { and, ilike, or, type SQLWrapper, sql } from 'drizzle-orm';
import { agents, groups, orgs } from './schema.ts';

/*
 * What a keyword matches on an agent, a company and a group: their lists and the global search read it
 * from here. `pattern` is a `containing` pattern (lib/like.ts).
 */

/** An agent whose name, account or contact contains the keyword. */
export const agentKeyword = (pattern: SQLWrapper | string) =>
  or(ilike(agents.name, pattern), ilike(agents.account, pattern), ilike(agents.contact, pattern));

/**
 * A company's name, account and contact as one text, the expression of its trigram index (migration
 * 0033): a keyword is looked up there, then checked field by field (it must not span two fields).
 */
const orgWords = sql`(${orgs.name} || ' ' || ${orgs.account} || ' ' || ${orgs.contact})`;

/** A company whose name, account or contact contains the keyword. */
export const orgKeyword = (pattern: SQLWrapper | string) =>
  and(
    sql`${orgWords} ilike ${pattern}`,
    or(ilike(orgs.name, pattern), ilike(orgs.account, pattern), ilike(orgs.contact, pattern)),
  );

/** A group whose name contains the keyword. */
export const groupKeyword = (pattern: SQLWrapper | string) => ilike(groups.name, pattern);
