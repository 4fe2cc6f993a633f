import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { readConfig } from '../src/env.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { writeDemoDataDir } from './demo-data-dir.ts';

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
 * from the same migrated, seeded demo: the run migrates and seeds one database of each backend before
 * any file runs, and each test app starts from a copy of it (harness.ts). It is made again on each run,
 * so a new migration or a change of the demo is in it with nothing to clear; the demo's dates count from
 * the run's day. Tests of the migrations, the seed and backups open their own empty databases.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ptt-test-'));
  const file = join(dir, 'demo.tar');
  await writeDemoDataDir(file);
  project.provide('pgliteTemplate', file);

  const admin = process.env.TEST_DATABASE_URL;
  const name = admin ? `ptt_test_template_${randomBytes(6).toString('hex')}` : '';
  if (admin) {
    await adminQuery(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    // Made by the owner alone: each test app's start grants the server's role what it may do.
    const database = await openDatabase(readConfig({ DATABASE_URL: url.toString() }));
    await seedDemo(database.db);
    // A database is copied only while no one is connected to it.
    await database.close();
  }
  project.provide('postgresTemplate', name);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (admin) await adminQuery(admin, `drop database if exists ${name} with (force)`);
  };
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
