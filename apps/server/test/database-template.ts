import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of the data directory of a migrated PGlite with the demo seeded: each test app's copy. */
    pgliteTemplate: string;
    /** On PostgreSQL, the migrated and seeded database each test app's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Migrating an empty database costs more than the rest of a test app's start, and every test app starts
 * from the same migrated, seeded demo: one database of each backend is migrated and seeded before any
 * file runs, and each test app starts from a copy of it (harness.ts). Tests of the migrations, the seed
 * and backups open their own empty databases.
 *
 * The PGlite copy is a file kept between runs, named after what it is made from: the server's and the
 * contract's sources (the migrations, the seed and the services it calls), PGlite's version and the day
 * (the demo's dates count from it). A new migration or a change of the demo makes a new file with
 * nothing to clear. The PostgreSQL one is a database made for the run and dropped after it.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());

  const admin = process.env.TEST_DATABASE_URL;
  const name = admin ? `ptt_test_template_${randomBytes(6).toString('hex')}` : '';
  if (admin) {
    await adminQuery(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const { openDatabase } = await import('../src/db/client.ts');
    const { readConfig } = await import('../src/env.ts');
    const { seedDemo } = await import('../src/seed/demo.ts');
    // Made by the owner alone: each test app's start grants the server's role what it may do.
    const database = await openDatabase(readConfig({ DATABASE_URL: url.toString() }));
    await seedDemo(database.db);
    // A database is copied only while no one is connected to it.
    await database.close();
  }
  project.provide('postgresTemplate', name);

  return async () => {
    if (admin) await adminQuery(admin, `drop database if exists ${name} with (force)`);
  };
}

const sourceDirs = ['../src', '../../../packages/contract/src'].map((d) =>
  fileURLToPath(new URL(d, import.meta.url)),
);

/** Every file under `dir`, in a fixed order. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** The file of the PGlite copy for these sources on this day, written first if there is none. */
async function pgliteTemplate() {
  const hash = createHash('sha256');
  for (const file of sourceDirs.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
  // The package's manifest, beside its dist/ (it does not export it).
  const pglite = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
  hash.update(readFileSync(join(pglite, 'package.json'))).update(new Date().toISOString().slice(0, 10));
  const prefix = 'ptt-test-demo-';
  const file = join(tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  // Written under a name of its own, then renamed: a run alongside never reads half a file.
  const partial = `${file}.${process.pid}`;
  const { writeDemoDataDir } = await import('./demo-data-dir.ts');
  await writeDemoDataDir(partial);
  renameSync(partial, file);
  // Copies two days old serve no run any more.
  for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(prefix))) {
    const path = join(tmpdir(), old);
    const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made > 2 * 86_400_000) rmSync(path, { force: true });
  }
  return file;
}

async function adminQuery(admin: string, text: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
