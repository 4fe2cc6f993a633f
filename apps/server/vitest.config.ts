import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Migrates and seeds one database of each backend that every test app starts as a copy of.
    globalSetup: ['test/database-template.ts'],
    // A transaction's statements are sent one at a time: a second one in flight fails its test.
    setupFiles: ['test/one-query-at-a-time.ts'],
  },
});
