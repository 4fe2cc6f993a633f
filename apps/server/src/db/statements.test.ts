import { describe, expect, it } from 'vitest';
import { anyPattern } from './prepared.ts';
import { PreparingClient, statementName } from './statements.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('reads as named statements (PostgreSQL)', () => {
  it('names plain reads and reads kept for any pattern; other pattern reads stay unnamed', async () => {
    const client = new PreparingClient({ connectionString: url });
    await client.connect();
    try {
      const plain = 'select $1::int + 1 as n';
      expect((await client.query({ text: plain, values: [1] })).rows).toEqual([{ n: 2 }]);
      await client.query({ text: "select 'abc' like $1 as hit", values: ['a%'] });
      const planned = await client.query({
        name: 'planned_like',
        text: "select 'abc' ilike $1 as hit",
        values: ['%B%'],
      });
      expect(planned.rows).toEqual([{ hit: true }]);
      const kept = anyPattern('kept_like');
      for (const pattern of ['%B%', '%x%', '%C%', '%a%', '%z%', '%b%'])
        await client.query({ name: kept, text: "select 'abc' ilike $1 as hit", values: [pattern] });

      // A text without parameters goes as a simple query, which prepares nothing.
      const { rows } = await client.query('select name from pg_prepared_statements order by name');
      expect((rows as { name: string }[]).map((r) => r.name).sort()).toEqual(
        [statementName(plain), kept].sort(),
      );
    } finally {
      await client.end();
    }
  });
});
