/**
 * Browser storage of the app. Login info lives in session storage (SPEC §2: it ends with the tab);
 * preferences live in local storage. Storage can throw (private mode, quota), so every access is guarded.
 */
export interface LoginInfo {
  access_token: string;
  openid: string;
  role: 0 | 1;
}

export interface RememberedAccount {
  role: 0 | 1;
  account: string;
}

const keys = {
  login: 'loginInfo',
  lang: 'lang',
  role: 'role',
  remembered: 'rememberedAccount',
} as const;

// A store is named inside the guard: outside a browser (the build's prerender) it does not exist.
const session = () => sessionStorage;
const local = () => localStorage;

const read = (store: () => Storage, key: string): string | null => {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
};

const write = (store: () => Storage, key: string, value: string | null): void => {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // A full or blocked storage only costs the preference; the app keeps working.
  }
};

const parse = <T>(text: string | null): T | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

const isRole = (value: unknown): value is 0 | 1 => value === 0 || value === 1;

export const getLoginInfo = (): LoginInfo | null => {
  const info = parse<Partial<LoginInfo>>(read(session, keys.login));
  if (!info || typeof info.access_token !== 'string' || !info.access_token) return null;
  if (typeof info.openid !== 'string' || !isRole(info.role)) return null;
  return { access_token: info.access_token, openid: info.openid, role: info.role };
};

export const setLoginInfo = (info: LoginInfo): void =>
  write(
    session,
    keys.login,
    JSON.stringify({ access_token: info.access_token, openid: info.openid, role: info.role }),
  );

export const clearLoginInfo = (): void => write(session, keys.login, null);

export const getStoredLanguage = (): string | null => read(local, keys.lang);
export const setStoredLanguage = (lang: string): void => write(local, keys.lang, lang);

export const getStoredRole = (): 0 | 1 => (read(local, keys.role) === '1' ? 1 : 0);
export const setStoredRole = (role: 0 | 1): void => write(local, keys.role, String(role));

/** Only the account name is remembered, never the password (DESIGN §4). */
export const getRememberedAccount = (): RememberedAccount | null => {
  const value = parse<Partial<RememberedAccount>>(read(local, keys.remembered));
  if (!value || !isRole(value.role) || typeof value.account !== 'string') return null;
  return { role: value.role, account: value.account };
};

export const setRememberedAccount = (value: RememberedAccount): void =>
  write(local, keys.remembered, JSON.stringify({ role: value.role, account: value.account }));
