import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

const meta = fileURLToPath(new URL('../src/db/migrations/meta', import.meta.url));
const journal = JSON.parse(readFileSync(`${meta}/_journal.json`, 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const snapshots = readdirSync(meta)
  .filter((f) => f.endsWith('_snapshot.json'))
  .sort();

describe('migrations', () => {
  it('number their journal in order, each applied after the one before', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });

  it('keep the schema file’s snapshot at the last migration, so db:generate writes nothing new', async () => {
    const last = journal.entries.at(-1)?.tag ?? '';
    const file = `${last.slice(0, 4)}_snapshot.json`;
    expect(existsSync(`${meta}/${file}`)).toBe(true);
    expect(snapshots.at(-1)).toBe(file);
    const prev = JSON.parse(readFileSync(`${meta}/${file}`, 'utf8'));
    const current = generateDrizzleJson(schema as Record<string, unknown>, prev.id);
    expect(await generateMigration(prev, current)).toEqual([]);
  });
});
