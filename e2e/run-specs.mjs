// Runs the spec files, each in its own Node test run, E2E_JOBS at a time (two by default: the files share
// nothing — each starts its own server on its own port and database, and its own browser). A file's output
// is printed whole when it ends, so two files never interleave. A file that fails fails the suite: a flaky
// spec is a defect to find (its pages and the server's log are in e2e/artifacts), never one to run again.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync(new URL('./specs/', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .map((f) => `specs/${f}`);
const jobs = Math.max(1, Number.parseInt(process.env.E2E_JOBS ?? '2', 10) || 1);
// A file's run ends when its tests have, even if a failed test left a handle open (a stream, a server);
// one still running after 15 minutes is stopped and counts as failed.
const limitMs = 15 * 60_000;

const format = (ms) => `${Math.round(ms / 1000)}s`;

/** Runs one file; resolves with whether it passed, after printing its output. */
function run(file) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-force-exit', '--test-concurrency=1', file],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const passed = code === 0;
      process.stdout.write(Buffer.concat(out));
      console.log(`\n${passed ? 'passed' : 'FAILED'} ${file} in ${format(Date.now() - started)}\n`);
      resolve(passed);
    });
  });
}

const failed = [];
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.min(jobs, files.length) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) if (!(await run(file))) failed.push(file);
  }),
);
if (failed.length > 0) console.log(`failed: ${failed.join(', ')}`);
console.log(`specs: ${files.length - failed.length} passed, ${failed.length} failed (${jobs} at a time)`);
process.exit(failed.length > 0 ? 1 : 0);
