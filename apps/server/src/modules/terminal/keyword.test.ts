import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { keywordMatch } from './list-repository.ts';

const condition = (keyword: string) => {
  const where = keywordMatch(keyword);
  if (!where) throw new Error('a keyword always has a condition');
  return new PgDialect().sqlToQuery(where);
};

describe('a keyword of the user list and the search', () => {
  it('compares SSID starts, SSID ends and names when it is digits only', () => {
    const { sql, params } = condition('00168');
    expect(sql).toContain('"terminals"."ssid" like');
    expect(sql).toContain('reverse("terminals"."ssid") like');
    expect(sql).toContain('"terminals"."name" ilike');
    expect(params).toEqual(['00168%', '86100%', '%00168%']);
  });

  it('compares only names when it holds anything but a digit, as no SSID can match it', () => {
    for (const keyword of ['Guard', 'Guard347', '12 34', '１２３', '123%']) {
      const { sql } = condition(keyword);
      expect(sql).not.toContain('ssid');
      expect(sql).toContain('"terminals"."name" ilike');
    }
  });
});
