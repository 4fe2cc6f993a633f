import { type CardKey, CardNames, CardTypes, type Lang, Messages } from '@ptt/contract';

/**
 * The reminders' texts on a phone (Web Push) and by SMS, in the reader's language. English counts with
 * its plurals ("1 terminal", "3 terminals"); Chinese has none.
 */

/** A function's name as a service ("Voice", "对讲"): the card's name without the word for card. */
const cardNames = (lang: Lang) =>
  Object.fromEntries(
    CardTypes.map((c) => [c.key, (CardNames[lang][c.code] ?? c.key).replace(/卡$/, '')]),
  ) as Record<CardKey, string>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Terminals of one company whose function ends within a step's days. */
export interface ExpiryGroup {
  company: string;
  card: CardKey;
  terminals: number;
  days: number;
}

export function expiryLine(lang: Lang, g: ExpiryGroup): string {
  const name = cardNames(lang)[g.card];
  return {
    en: `${g.company}: ${name} service of ${plural(g.terminals, 'terminal', 'terminals')} ends within ${plural(g.days, 'day', 'days')}`,
    cn: `${g.company}：${g.terminals}个用户的${name}服务将在${g.days}天内到期`,
    cn2: `${g.company}：${g.terminals}個用戶的${name}服務將在${g.days}天內到期`,
  }[lang];
}

export interface BalanceLow {
  card: CardKey;
  balance: number;
  threshold: number;
}

export function balanceLine(lang: Lang, b: BalanceLow): string {
  const name = cardNames(lang)[b.card];
  return {
    en: `${name} cards: ${b.balance} left, under your threshold of ${b.threshold}`,
    cn: `${name}卡：剩余${b.balance}张，低于提醒阈值${b.threshold}张`,
    cn2: `${name}卡：剩餘${b.balance}張，低於提醒閾值${b.threshold}張`,
  }[lang];
}

/** Lines a notification shows before it says how many more the notices hold. */
const shownLines = 3;

/** The agent's notification of one run: its reminders, the first few in full; it opens the notices. */
export function agentPush(lang: Lang, lines: string[], expiring: boolean, tag: string) {
  const more = lines.length - shownLines;
  const rest = more > 0 ? [{ en: `and ${more} more`, cn: `还有${more}条`, cn2: `還有${more}條` }[lang]] : [];
  return {
    title: Messages[expiring ? 'reminderExpiryTitle' : 'reminderBalanceTitle'][lang],
    body: [...lines.slice(0, shownLines), ...rest].join('\n'),
    url: '/notice',
    tag,
  };
}

/** The SMS to a company's contact: what of its service ends soon, and whom to ask. */
export function contactSms(lang: Lang, groups: ExpiryGroup[]): string {
  const parts = groups.map((g) => {
    const name = cardNames(lang)[g.card];
    return {
      en: `${name} service of ${plural(g.terminals, 'terminal', 'terminals')} ends within ${plural(g.days, 'day', 'days')}`,
      cn: `${g.terminals}个用户的${name}服务将在${g.days}天内到期`,
      cn2: `${g.terminals}個用戶的${name}服務將在${g.days}天內到期`,
    }[lang];
  });
  const company = groups[0]?.company ?? '';
  return {
    en: `PTT Console: at ${company}, ${parts.join('; ')}. Please ask your agent to renew it.`,
    cn: `PTT Console：${company}的${parts.join('；')}。请联系您的代理商续费。`,
    cn2: `PTT Console：${company}的${parts.join('；')}。請聯繫您的代理商續費。`,
  }[lang];
}
