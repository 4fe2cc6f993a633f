/**
 * The only module that reads `import.meta.env`: everything else asks this one, so the configuration
 * of a build is visible in one place.
 */
const trimSlash = (value: string) => value.replace(/\/+$/, '');

export const config = {
  /** Prefix of every API call; '' keeps calls on the page's origin (the server serves the app). */
  apiBase: trimSlash(import.meta.env.VITE_API_BASE ?? ''),
} as const;

/** Completes a relative asset path the server hands out (logo, icon) with the API base. */
export const assetUrl = (path: string): string => {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${config.apiBase}/${path.replace(/^\/+/, '')}`;
};
