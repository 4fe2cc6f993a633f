// Runs the spec files, each in its own Node test run, E2E_JOBS at a time (two by default, one per core: the
// files share nothing — each starts its own server on its own port and database, and its own browser). A
// file's output is printed whole when it ends, so two files never interleave. A file that fails fails the
// suite: a flaky spec is a defect to find (its pages and the server's log are in e2e/artifacts), never one
// to run again.
//
// First the demo database is migrated and seeded once (support/database.ts): each file's server opens a copy
// of it instead of migrating its own. The files that took longest in the previous run start first, so the
// run does not end on one long file alone; the times are kept in e2e/artifacts/spec-times.json. A run with
// no previous one here (a fresh checkout, as in CI) takes the times in spec-times.json beside this file,
// those of a whole run kept with the sources; a file not named there starts first, as it may be long.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = new URL('./', import.meta.url);
const artifacts = process.env.E2E_ARTIFACTS || new URL('artifacts/', here).pathname;
mkdirSync(artifacts, { recursive: true });
const timesFile = join(artifacts, 'spec-times.json');
/** The seconds each file took in the JSON file `url`, or nothing when there is none. */
const timesIn = (url) => {
  try {
    return JSON.parse(readFileSync(url, 'utf8'));
  } catch {
    return undefined;
  }
};
/** Seconds each file took in the previous run here, or else in the run kept with the sources. */
const previous = timesIn(timesFile) ?? timesIn(new URL('spec-times.json', here)) ?? {};

const files = readdirSync(new URL('./specs/', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .map((f) => `specs/${f}`)
  .sort((a, b) => (previous[b] ?? Number.POSITIVE_INFINITY) - (previous[a] ?? Number.POSITIVE_INFINITY));
const jobs = Math.max(1, Number.parseInt(process.env.E2E_JOBS ?? '2', 10) || 1);
// A file's run ends when its tests have, even if a failed test left a handle open (a stream, a server);
// one still running after 15 minutes is stopped and counts as failed.
const limitMs = 15 * 60_000;

const format = (ms) => `${Math.round(ms / 1000)}s`;

/** Runs `args` with Node; resolves with whether it exited with 0, and what it wrote. */
function node(args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: here,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ passed: code === 0, output: Buffer.concat(out) });
    });
  });
}

const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'ptt-e2e-'));
const template = join(scratch, 'demo.tar');
const made = await node(['--import', 'tsx', 'support/make-template.ts', template], {}, limitMs);
if (!made.passed) {
  process.stdout.write(made.output);
  console.log('\nFAILED to migrate and seed the demo database');
  rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
}
console.log(`demo database migrated and seeded in ${format(Date.now() - started)}\n`);

const took = {};
/** Runs one file; resolves with whether it passed, after printing its output. */
async function run(file) {
  const begun = Date.now();
  const { passed, output } = await node(
    ['--import', 'tsx', '--test', '--test-force-exit', '--test-concurrency=1', file],
    { E2E_DATABASE_TEMPLATE: template },
    limitMs,
  );
  took[file] = Math.round((Date.now() - begun) / 1000);
  process.stdout.write(output);
  console.log(`\n${passed ? 'passed' : 'FAILED'} ${file} in ${format(Date.now() - begun)}\n`);
  return passed;
}

const failed = [];
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.min(jobs, files.length) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) if (!(await run(file))) failed.push(file);
  }),
);
rmSync(scratch, { recursive: true, force: true });
writeFileSync(timesFile, `${JSON.stringify(took, null, 2)}\n`);
if (failed.length > 0) console.log(`failed: ${failed.join(', ')}`);
console.log(`specs: ${files.length - failed.length} passed, ${failed.length} failed (${jobs} at a time)`);
console.log('time of each file:');
for (const file of Object.keys(took).sort((a, b) => took[b] - took[a]))
  console.log(`  ${file.padEnd(36)} ${String(took[file]).padStart(4)}s`);
console.log(`all files in ${format(Date.now() - started)}`);
process.exit(failed.length > 0 ? 1 : 0);
