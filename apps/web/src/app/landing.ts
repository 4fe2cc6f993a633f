import { defaultLanguage, isLanguage, type Language } from '../i18n/languages.ts';
import { getLoginInfo, getStoredLanguage } from '../lib/storage.ts';

/** What index.html hands its landing script (written by build/landing.ts from Vite's manifest). */
export interface LandingData {
  /** The entry's script, asked for last. */
  entry: string;
  /** The scripts the entry imports. */
  boot: string[];
  /** What each landing needs beyond the entry, by path and, for one role's half of a page, `path:role`. */
  pages: Record<string, string[]>;
  /** The scripts of each language's texts. */
  texts: Record<string, string[]>;
  /** The shells' markup by `name:language`, the names those of `shellName`. */
  shells: Record<string, string>;
}

/** The shell a visit paints: the login, the signed-in role's home, or the loading state. */
export const shellName = (path: string, role: 0 | 1 | undefined): string =>
  path === '/' ? 'login' : path === '/home' && role !== undefined ? `home${role}` : 'loading';

/**
 * Files asked for in one task: asking for the home's 45 files in one task took 150–210 ms of the page's
 * thread in Chromium at 4× CPU slowdown, a long task right after the first paint (docs/performance.md).
 */
const perTask = 6;

/**
 * Puts the shell of the address (and of the signed-in role on the home) in the stored language into
 * `#root`, inert, then starts the app once that has painted: what the entry imports, the landing's
 * chunks for the path and role, the language's texts, and last the entry. In a hidden tab nothing
 * paints, so it starts at once.
 */
export function land(data: LandingData, doc: Document = document): void {
  const role = getLoginInfo()?.role;
  // A signed-in visit to `/` goes home (the router's guard): it paints and loads the home.
  const path = doc.location.pathname === '/' && role !== undefined ? '/home' : doc.location.pathname;
  const stored = getStoredLanguage();
  const lang: Language = isLanguage(stored) ? stored : defaultLanguage;
  const root = doc.getElementById('root');
  const shell = data.shells[`${shellName(path, role)}:${lang}`];
  if (shell && root && !root.firstChild) {
    const picture = doc.createElement('div');
    picture.inert = true;
    picture.style.display = 'contents';
    picture.innerHTML = shell;
    root.appendChild(picture);
    doc.documentElement.lang = lang;
  }
  const queue = [
    ...data.boot,
    ...(data.pages[path] ?? []),
    ...(role === undefined ? [] : (data.pages[`${path}:${role}`] ?? [])),
    ...(data.texts[lang] ?? []),
  ];
  const preload = (file: string) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    doc.head.appendChild(link);
  };
  const next = () => {
    for (const file of queue.splice(0, perTask)) preload(file);
    if (queue.length) {
      setTimeout(next);
      return;
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = data.entry;
    doc.head.appendChild(script);
  };
  if (doc.hidden) next();
  else requestAnimationFrame(() => setTimeout(next));
}
