import type { Conn } from '../../db/client.ts';
import { newToken } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

export const DEFAULT_TYPE = 'web';

const defaults = {
  title: 'PTT Console',
  topBackground: '#1677ff',
  topFontColor: '#ffffff',
  logo: '',
  icon: '',
};

/** The platform look of a client type; the built-in look until the operator sets one. */
export async function getAppInfo(db: Conn, type = DEFAULT_TYPE) {
  const row =
    (await repo.findBranding(db, type)) ??
    (type !== DEFAULT_TYPE ? await repo.findBranding(db, DEFAULT_TYPE) : undefined);
  const b = row ?? { type, appid: 'ptt-console-web', appsecret: '', ...defaults };
  return {
    appid: b.appid,
    appsecret: b.appsecret,
    title: b.title,
    top_background: b.topBackground,
    top_font_color: b.topFontColor,
    logo: b.logo,
    icon: b.icon,
  };
}

export interface BrandingInput {
  title?: string;
  topBackground?: string;
  topFontColor?: string;
  logo?: string;
  icon?: string;
}

/** Operator only (CLI). appid/appsecret identify the client app; they are not a secret. */
export async function setBranding(db: Conn, input: BrandingInput, type = DEFAULT_TYPE) {
  const current = await repo.findBranding(db, type);
  const row = {
    type,
    appid: current?.appid ?? `ptt-${type}-${newToken().slice(0, 8)}`,
    appsecret: current?.appsecret ?? newToken().slice(0, 24),
    title: input.title ?? current?.title ?? defaults.title,
    topBackground: input.topBackground ?? current?.topBackground ?? defaults.topBackground,
    topFontColor: input.topFontColor ?? current?.topFontColor ?? defaults.topFontColor,
    logo: input.logo ?? current?.logo ?? defaults.logo,
    icon: input.icon ?? current?.icon ?? defaults.icon,
  };
  await repo.upsertBranding(db, row);
  return row;
}
