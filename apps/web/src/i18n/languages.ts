import type { Lang } from '@ptt/contract';

export const languages = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type Language = (typeof languages)[number];

/** SPEC §1: the login page offers only English and Traditional Chinese. */
export const loginLanguages: readonly Language[] = ['en', 'zh-Hant'];

export const defaultLanguage: Language = 'en';

/** The English product name; the server's built-in branding title is this same name. */
export const productName = 'PTT Console';

/** Language names are written in their own language, so a reader can find theirs whatever is active. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'zh-Hant': '繁體中文',
  'zh-Hans': '简体中文',
};

/** Which field of a server message `{ en, cn, cn2 }` belongs to each language. */
export const msgField: Record<Language, Lang> = { en: 'en', 'zh-Hans': 'cn', 'zh-Hant': 'cn2' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
