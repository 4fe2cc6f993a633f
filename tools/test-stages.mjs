// `npm test`: the suite's stages (typecheck, lint, the web app's build, unit, e2e), stopping after the first
// step in which one fails, then the time each took, so a slow suite shows where its minutes went (.ci/run
// prints the same). Typecheck, lint and the build only read the sources (the build writes apps/web/dist,
// which the other two leave out), so they run side by side: each is mostly one thread, and the machine has
// two cores. Their output is printed whole when each ends, so it never interleaves. The unit tests and the
// end-to-end tests each keep both cores to themselves, and the end-to-end tests use the build made here.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Each step's stages run at the same time; the next step starts once all of them have passed. */
const steps = [
  [['browser check', process.execPath, ['e2e/preflight.mjs']]],
  [
    ['typecheck', npm, ['run', 'typecheck']],
    ['lint', npm, ['run', 'lint']],
    ['web build', npm, ['run', 'build']],
  ],
  [['unit', npm, ['run', 'test:unit']]],
  [['e2e', npm, ['test', '-w', '@ptt/e2e']]],
];

const format = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

/** Runs one stage; alone it prints as it goes, beside others it prints its output whole at its end. */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout?.on('data', (b) => out.push(b));
    child.stderr?.on('data', (b) => out.push(b));
    const end = (code) => {
      if (!alone) {
        console.log(`\n> ${name}`);
        process.stdout.write(Buffer.concat(out));
      }
      resolve([name, Date.now() - started, code]);
    };
    child.on('error', () => end(1));
    child.on('close', (code) => end(code ?? 1));
  });
}

const started = Date.now();
const times = [];
let status = 0;
for (const step of steps) {
  const results = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  times.push(...results);
  const failed = results.find(([, , code]) => code !== 0);
  if (failed) {
    status = failed[2];
    break;
  }
}

console.log('\nnpm test, time of each stage (those of one step ran at the same time):');
for (const [name, ms, code] of times)
  console.log(`  ${name.padEnd(14)} ${format(ms).padStart(7)}${code ? '  failed' : ''}`);
console.log(`  ${'total'.padEnd(14)} ${format(Date.now() - started).padStart(7)}`);
process.exit(status);
