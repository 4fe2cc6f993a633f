import { createHash } from 'node:crypto';
import pg from 'pg';

/** Reads with more parameters than this (long `in (…)` lists) stay unnamed: each count is a new text. */
const maxParams = 32;
const isRead = /^\s*(select|with)\b/i;

/** A statement's name: its text's digest, within PostgreSQL's 63-byte identifiers. */
export const statementName = (text: string) => `s${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A PostgreSQL connection that runs every read as a named prepared statement, the way drivers of other
 * platforms keep a statement cache: the text is parsed once per connection, and after a few runs
 * PostgreSQL keeps a generic plan where planning for the values would choose the same one (its default
 * plan cache mode). What a query returns does not change, and nothing of the data is kept.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      isRead.test(config.text)
    ) {
      const params = Array.isArray(values) ? values : config.values;
      if (!params || params.length <= maxParams) config = { ...config, name: statementName(config.text) };
    }
    return super.query(config, values, callback);
  }
}
