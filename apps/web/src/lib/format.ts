/** The first character of a name, for avatar circles; Array.from keeps a surrogate pair whole. */
export const initialOf = (name: string | undefined | null): string => {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
};

/** Badge text: counts above 99 collapse so the badge keeps its size. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

// Building a number format costs far more than using one: one per language, made on first use.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Thousands separators for balances and counts, in the active language. */
export const formatCount = (value: number, lang: string): string => {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    numberFormats.set(lang, format);
  }
  return format.format(value);
};
