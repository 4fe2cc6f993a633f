import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, openDatabase } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
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

/** The PostgreSQL extensions the migrations create, which PGlite loads only when asked (as db/client.ts). */
const extensions = { pg_trgm, btree_gin };
const migrationsFolder = fileURLToPath(new URL('../../apps/server/src/db/migrations', import.meta.url));

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

/**
 * A PGlite in memory started from the template's data directory, opened as db/client.ts opens memory://
 * (the migrations run too, and find nothing left to apply).
 */
async function fromTemplate(file: string): Promise<Database> {
  const client = new PGlite({ extensions, loadDataDir: new Blob([readFileSync(file)]) });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    owner: db as unknown as Db,
    listen: (channel, fn) => client.listen(channel, fn),
    close: () => client.close(),
  };
}
