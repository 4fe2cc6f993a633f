import { createHash } from 'node:crypto';
import pg from 'pg';
import { anyPatternSuffix } from './prepared.ts';

/** Reads with more parameters than this (long `in (…)` lists) stay unnamed: each count is a new text. */
const maxParams = 32;
const isRead = /^\s*(select|with)\b/i;
/** A pattern match's best plan depends on the pattern (a rare prefix or a common word). */
const matchesPattern = /\s(i?like)\s/i;

/** A statement's name: its text's digest, within PostgreSQL's 63-byte identifiers. */
export const statementName = (text: string) => `s${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A PostgreSQL connection that runs every read as a named prepared statement, the way drivers of other
 * platforms keep a statement cache: the text is parsed once per connection, and after a few runs
 * PostgreSQL keeps a generic plan where planning for the values would choose the same one (its default
 * plan cache mode). What a query returns does not change, and nothing of the data is kept. A read that
 * matches a pattern (LIKE) stays unnamed, even when built as a prepared statement, unless its name says
 * one plan serves every pattern (`anyPattern` in db/prepared.ts).
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    if (config !== null && typeof config === 'object' && typeof config.text === 'string') {
      const params = Array.isArray(values) ? values : config.values;
      // A pattern match is planned for its values every time: a generic plan cannot use a prefix index
      // for an unknown pattern, and PostgreSQL keeps one when it merely looks no dearer.
      if (matchesPattern.test(config.text) && !config.name?.endsWith(anyPatternSuffix))
        config = { ...config, name: undefined };
      else if (config.name === undefined && isRead.test(config.text) && (params?.length ?? 0) <= maxParams)
        config = { ...config, name: statementName(config.text) };
    }
    return super.query(config, values, callback);
  }
}
