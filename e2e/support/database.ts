import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';

/**
 * The demo database of a spec's server, in memory. Migrating an empty PGlite costs more than all the rest
 * of a server's start, so the run of all specs (run-specs.mjs) migrates and seeds one database first and
 * names its data directory in E2E_DATABASE_TEMPLATE; each spec file's server then opens a copy of it. A spec
 * file run alone, or a template made on another day (the demo's expiry dates count from today), migrates
 * and seeds its own.
 */
export async function demoDatabase(): Promise<Database> {
  const template = process.env.E2E_DATABASE_TEMPLATE;
  if (template && existsSync(template) && readFileSync(`${template}.day`, 'utf8') === today())
    return fromTemplate(template);
  const database = await openDatabase(readConfig({ DATABASE_URL: 'memory://' }));
  await seedDemo(database.db);
  return database;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Migrates and seeds a database in memory and writes its data directory (a tar file) to `file`. */
export async function writeTemplate(file: string) {
  const database = await openDatabase(readConfig({ DATABASE_URL: 'memory://' }));
  await seedDemo(database.db);
  // What openDatabase made for memory:// is a PGlite; its data directory is what a copy starts from.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  writeFileSync(`${file}.day`, today());
  await database.close();
}

/** A database in memory started as a copy of the template's (the migrations find nothing left to apply). */
const fromTemplate = (file: string) =>
  openDatabase(readConfig({ DATABASE_URL: 'memory://' }), { loadDataDir: new Blob([readFileSync(file)]) });
