import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Above the waits' bound (test/setup.ts): a test that runs out of time says which wait did.
    testTimeout: 30_000,
    css: false,
    // antd-mobile's modules import their CSS; running them through Vite lets the CSS be stubbed.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
