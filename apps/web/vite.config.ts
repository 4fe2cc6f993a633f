import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { landing } from './build/landing.ts';

/**
 * The contract's modules only declare things (schemas, messages, constants), but bundlers cannot prove
 * that of zod calls. Declaring them free of side effects lets a page that needs only messages and limits
 * leave the endpoint table and zod out of its chunks.
 */
const contractWithoutSideEffects = (): Plugin => ({
  name: 'ptt-contract-without-side-effects',
  transform(code, id) {
    if (id.includes('/packages/contract/src/')) return { code, map: null, moduleSideEffects: false };
    return null;
  },
});

/**
 * Writes .br and .gz beside every text asset, so a static server (the API server with @fastify/static's
 * `preCompressed`, nginx's gzip_static) sends compressed files without compressing on each request.
 */
const precompress = (): Plugin => ({
  name: 'ptt-precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir ?? 'dist';
    const files = (await readdir(dir, { recursive: true })).filter((file) =>
      /\.(js|css|html|svg)$/.test(file),
    );
    for (const file of files) {
      const path = join(dir, file);
      const content = await readFile(path);
      if (content.length < 1024) continue;
      const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
      await writeFile(`${path}.br`, brotliCompressSync(content, brotli));
      await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

/** Libraries that every page needs get stable, readable chunk names (the bench reports chunks by name). */
const vendorChunk = (id: string): string | undefined => {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (id.includes('/node_modules/react-router/')) return 'router';
  if (/\/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
  if (id.includes('/node_modules/zod/')) return 'zod';
  return undefined;
};

/**
 * The installable app: the web manifest (linked from index.html) and the service worker built from
 * src/sw.ts, which precaches the app shell and shows alarm pushes. The app registers the worker itself,
 * after the page has loaded and gone idle (src/app/service-worker.ts), so nothing is added before the
 * first paint. API answers are never cached: only the built files are in the precache.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'PTT Console',
      short_name: 'PTT Console',
      description: 'Push-to-talk fleet management: terminals, groups, SOS and fence alarms.',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1677ff',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Precompressed copies are for the server, not the cache; the build's manifest is not the app's.
      globIgnores: ['**/*.{br,gz}', '.vite/**'],
      // Leaflet and the scanner library are large but part of pages used offline too.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });

// The dev server and `vite preview` forward API calls to the local server, so the app runs same-origin.
const proxy = Object.fromEntries(['/v1', '/device', '/docs'].map((path) => [path, 'http://localhost:8080']));

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects(), landing(), precompress(), pwa()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads chunk sizes per route from the manifest.
    manifest: true,
    target: 'es2022',
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
