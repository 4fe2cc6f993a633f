import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client.ts';
import { readConfig } from '../src/env.ts';
import { seedDemo } from '../src/seed/demo.ts';

/**
 * Migrates a PGlite in memory, seeds the demo, and writes its data directory (a tar) to `file`: a
 * database opened with it as `loadDataDir` starts as a copy, with no migration left to apply. The unit
 * tests' runs (database-template.ts) and the end-to-end runs (e2e/support/database.ts) each make one.
 */
export async function writeDemoDataDir(file: string) {
  const database = await openDatabase(readConfig({ DATABASE_URL: 'memory://' }));
  await seedDemo(database.db);
  // What openDatabase made for memory:// is a PGlite; its data directory is what a copy starts from.
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
