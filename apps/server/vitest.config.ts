import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A transaction's statements are sent one at a time: a second one in flight fails its test.
    setupFiles: ['test/one-query-at-a-time.ts'],
  },
});
