import { defineConfig } from 'vitest/config';

/** What Vitest attaches to an error that escaped a test file (an unhandled rejection, an uncaught throw). */
type Escaped = Error & {
  type: string;
  VITEST_TEST_PATH?: string;
  VITEST_TEST_NAME?: string;
  VITEST_AFTER_ENV_TEARDOWN?: boolean;
};

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'tools/simulator'],
    // Two files at a time on two cores (Vitest's default is one fewer than the cores): an integration file
    // waits on its database or its clock much of its time, and each has a database of its own.
    maxWorkers: 2,
    // An unhandled error still fails the run; first it is named by the file and test it escaped from,
    // so a failure on a busy machine points at its cause instead of "This might cause false positive tests".
    onUnhandledError(error) {
      const e = error as Escaped;
      const where = e.VITEST_TEST_NAME
        ? `in test "${e.VITEST_TEST_NAME}"`
        : e.VITEST_AFTER_ENV_TEARDOWN
          ? 'after the file had finished'
          : 'outside a test (a hook, or after the tests of the file)';
      console.error(
        `\n${e.type}: ${e.message}\n  from ${e.VITEST_TEST_PATH ?? 'an unknown file'}, ${where}\n${e.stack ?? ''}\n`,
      );
    },
  },
});
