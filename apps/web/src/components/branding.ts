import type { CSSProperties } from 'react';
import type { AppInfo } from '../api/types.ts';
import { assetUrl } from '../lib/config.ts';

const looksLikeImage = (value: string) => /[/.](png|jpe?g|gif|webp|svg)$/i.test(value) || value.includes('/');

/** A shade over the operator's colour: white text on a bright brand blue would miss WCAG contrast. */
const shade = 'linear-gradient(160deg, rgba(0, 0, 0, 0.1) 0%, rgba(0, 0, 0, 0.24) 100%)';

/** Colours (or a background image) of the branded top area; the app's blue until branding has loaded. */
export const brandStyle = (info: AppInfo | null): CSSProperties => {
  const background = info?.top_background?.trim();
  const color = info?.top_font_color?.trim() || undefined;
  if (!background) return { color };
  if (looksLikeImage(background)) {
    return { color, backgroundImage: `${shade}, url("${assetUrl(background)}")`, backgroundSize: 'cover' };
  }
  return { color, backgroundColor: background, backgroundImage: shade };
};
