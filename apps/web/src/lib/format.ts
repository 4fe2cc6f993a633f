/** The first character of a name, for avatar circles; Array.from keeps a surrogate pair whole. */
export const initialOf = (name: string | undefined | null): string => {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
};

/** Badge text: counts above 99 collapse so the badge keeps its size. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/**
 * Thousands separators for balances and counts. The app's three languages (English, simplified and
 * traditional Chinese) all group by three digits with a comma, so this needs no Intl.NumberFormat,
 * whose first use on a phone costs tens of milliseconds while the home renders.
 */
export const formatCount = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
