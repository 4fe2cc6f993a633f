// `npm test`: the suite's stages one after another (typecheck, lint, unit, e2e), stopping at the first that
// fails, then the time each took, so a slow suite shows where its minutes went (.ci/run prints the same).
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stages = [
  ['browser check', process.execPath, ['e2e/preflight.mjs']],
  ['typecheck', npm, ['run', 'typecheck']],
  ['lint', npm, ['run', 'lint']],
  ['unit', npm, ['run', 'test:unit']],
  ['e2e', npm, ['run', 'test:e2e']],
];

const format = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

const times = [];
let status = 0;
for (const [name, command, args] of stages) {
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const code = run.status ?? 1;
  times.push([name, Date.now() - started, code]);
  if (code !== 0) {
    status = code;
    break;
  }
}

console.log('\nnpm test, time of each stage:');
for (const [name, ms, code] of times)
  console.log(`  ${name.padEnd(14)} ${format(ms).padStart(7)}${code ? '  failed' : ''}`);
const total = times.reduce((sum, [, ms]) => sum + ms, 0);
console.log(`  ${'total'.padEnd(14)} ${format(total).padStart(7)}`);
process.exit(status);
