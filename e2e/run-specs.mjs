// Runs each spec file in its own Node test run, one after another. A file that fails is run once more and
// named, so a timing flake on a loaded machine is reported without failing the suite; a file that fails
// twice fails it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const files = readdirSync(new URL('./specs/', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()
  .map((f) => `specs/${f}`);
// A file's run ends when its tests have, even if a failed test left a handle open (a stream, a server);
// one still running after 15 minutes is stopped and counts as failed. `env` adds to the environment.
const run = (file, env = {}) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-force-exit', '--test-concurrency=1', file],
    {
      stdio: 'inherit',
      timeout: 15 * 60_000,
      killSignal: 'SIGKILL',
      env: { ...process.env, ...env },
    },
  ).status === 0;
// The second run writes its screenshots and logs to a folder of its own, so the first failure's
// evidence (its pages, the server's log) stays in e2e/artifacts.
const retryArtifacts = fileURLToPath(new URL('./artifacts/retry/', import.meta.url));

const failed = [];
const retried = [];
for (const file of files) {
  if (run(file)) continue;
  console.log(`\n${file} failed (its pages and server log are in e2e/artifacts); running it once more`);
  retried.push(file);
  if (!run(file, { E2E_ARTIFACTS: retryArtifacts })) failed.push(file);
}
if (retried.length > 0) console.log(`\nspec files run twice after a failure: ${retried.join(', ')}`);
console.log(`\nspecs: ${files.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
