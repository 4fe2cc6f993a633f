// Runs each spec file in its own Node test run, one after another. A file that fails is run once more and
// named, so a timing flake on a loaded machine is reported without failing the suite; a file that fails
// twice fails it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync(new URL('./specs/', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .map((f) => `specs/${f}`);
// A file's run ends when its tests have, even if a failed test left a handle open (a stream, a server);
// one still running after 15 minutes is stopped and counts as failed.
const run = (file) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-force-exit', '--test-concurrency=1', file],
    {
      stdio: 'inherit',
      timeout: 15 * 60_000,
      killSignal: 'SIGKILL',
    },
  ).status === 0;

const failed = [];
const retried = [];
for (const file of files) {
  if (run(file)) continue;
  console.log(`\n${file} failed; running it once more`);
  retried.push(file);
  if (!run(file)) failed.push(file);
}
if (retried.length > 0) console.log(`\nspec files run twice after a failure: ${retried.join(', ')}`);
console.log(`\nspecs: ${files.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
