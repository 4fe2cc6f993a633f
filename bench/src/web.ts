import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const gzipKb = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024;

/**
 * JavaScript a route costs from the build manifest, gzipped: the login route is the entry with every
 * chunk it imports plus the login page's and the English texts it first renders with; every other
 * route is its own page chunk.
 */
export function routeSizes() {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
  if (!entry || !login) throw new Error('the build manifest has no entry or login page: run npm run build');
  const kb = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + gzipKb(manifest[k].file), 0);
  const route = closure([entry, login]);
  const loginKb = kb(route);
  // The app renders once the language's texts are in (src/app/main.tsx): English, the default, counts too.
  const english = Object.keys(manifest).find((k) => k.endsWith('i18n/en.ts'));
  if (!english) throw new Error('the build manifest has no English texts');
  const textsKb = kb([...closure([english])].filter((k) => !route.has(k)));
  const routes = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && k.includes('-page.tsx'))
    .map(([k, c]) => ({ route: k.replace(/^.*features\//, ''), kb: gzipKb(c.file) }))
    .sort((a, b) => b.kb - a.kb);
  return { loginKb, textsKb, routes };
}
