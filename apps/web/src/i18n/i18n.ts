import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, setStoredLanguage } from '../lib/storage.ts';
import type { Resources } from './en.ts';
import { defaultLanguage, isLanguage, type Language, languages } from './languages.ts';

/** Each language is its own chunk: a visitor downloads only the one they read. */
const loaders: Record<Language, () => Promise<Resources>> = {
  en: () => import('./en.ts').then((module) => module.en),
  'zh-Hant': () => import('./zh-hant.ts').then((module) => module.zhHant),
  'zh-Hans': () => import('./zh-hans.ts').then((module) => module.zhHans),
};

const syncDocument = (lang: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
};

const stored = getStoredLanguage();
const initial: Language = isLanguage(stored) ? stored : defaultLanguage;

void i18next.use(initReactI18next).init({
  lng: initial,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  load: 'currentOnly',
  // Resources are added by loadLanguage; initialising without a backend is synchronous.
  initAsync: false,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
syncDocument(initial);

/** Makes a language's texts available (once); resolves when they can be rendered. */
export const loadLanguage = async (lang: Language): Promise<void> => {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await loaders[lang](), true, true);
};

/** Resolves when the stored (or default) language can be rendered; the app renders after it. */
export const i18nReady: Promise<void> = loadLanguage(initial);

i18next.on('languageChanged', (lang) => {
  if (!isLanguage(lang)) return;
  setStoredLanguage(lang);
  syncDocument(lang);
});

/** The active language, narrowed to the three the app ships. */
export const currentLanguage = (): Language => {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : defaultLanguage;
};

/** Switches language after its texts have arrived, so no screen flashes keys. */
export const changeLanguage = async (lang: Language): Promise<void> => {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
};

export { i18next as i18n };
