/** A day (`YYYY-MM-DD`) or a local minute (`YYYY-MM-DDTHH:mm`), as the form keeps them and the rules read them. */
export type Precision = 'day' | 'minute';

const pad = (n: number) => String(n).padStart(2, '0');

/** The form's text of a picked date, in local time. */
export const dateText = (d: Date, precision: Precision): string => {
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return precision === 'day' ? day : `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The date of a form's text, in local time; undefined when empty or not a date. */
export const parseDateText = (text: string): Date | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** How a value reads in the user's language: "Nov 25, 2026", "2026年11月25日", with the time when it has one. */
export const displayDate = (text: string, precision: Precision, lang: string): string => {
  const d = parseDateText(text);
  if (!d) return '';
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: lang.startsWith('zh') ? 'long' : 'short',
    day: 'numeric',
    ...(precision === 'minute' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(d);
};

const zhUnits: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };
const zhHantUnits: Record<string, string> = { ...zhUnits, hour: '時' };

/** A picker column's item: Chinese with its unit (2026年, 11月), English with the month's name. */
export const columnLabel = (lang: string, type: string, value: number): string => {
  if (lang.startsWith('zh')) {
    const units = lang === 'zh-Hant' ? zhHantUnits : zhUnits;
    return `${type === 'minute' ? pad(value) : value}${units[type] ?? ''}`;
  }
  if (type === 'month')
    return new Intl.DateTimeFormat(lang, { month: 'short' }).format(new Date(2000, value - 1, 1));
  return type === 'minute' || type === 'hour' ? pad(value) : String(value);
};
