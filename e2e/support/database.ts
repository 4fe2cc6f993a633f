import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { writeDemoDataDir } from '../../apps/server/test/demo-data-dir.ts';

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
  await writeDemoDataDir(file);
  writeFileSync(`${file}.day`, today());
}

/** A database in memory started as a copy of the template's (the migrations find nothing left to apply). */
const fromTemplate = (file: string) =>
  openDatabase(readConfig({ DATABASE_URL: 'memory://' }), { loadDataDir: new Blob([readFileSync(file)]) });
