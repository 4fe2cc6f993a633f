import type { Lang } from '../enums.ts';
import { CardTypes } from '../enums.ts';
import { CardNames } from '../labels.ts';
import { AuditFields, AuditWords, fieldLabel, HiddenAuditFields } from './audit-fields.ts';
import type { AuditTarget } from './route.ts';

type Fields = Record<string, unknown>;

/** What a reader brings: how it writes days and moments (its zone and language) and the records' names. */
export interface AuditReader {
  lang: Lang;
  /** A calendar day, YYYY-MM-DD. */
  day: (day: string) => string;
  /** A moment, as an ISO time. */
  time: (iso: string) => string;
  /** A record's name, when the row's answer resolved it. */
  name: (kind: AuditTarget, id: number) => string | undefined;
}

/** One field of a record as a person reads it: a change (before and after) or a value. */
export interface FieldLine {
  field: string;
  label: string;
  before?: string;
  after?: string;
}

const cardName = (code: number, lang: Lang) => CardNames[lang][code] ?? String(code);

const functionNames = (v: unknown, lang: Lang) =>
  (Array.isArray(v) ? v : String(v).split(','))
    .map((key) => {
      const card = CardTypes.find((c) => c.key === String(key).trim());
      return card ? cardName(card.code, lang) : String(key);
    })
    .join(', ');

/** A field's value in words: dates in the reader's zone, switches as on/off, ids as the records' names. */
export function fieldValue(field: string, value: unknown, r: AuditReader): string {
  if (value === null || value === undefined || value === '') return AuditWords.none[r.lang];
  const kind = AuditFields[field]?.kind ?? { as: 'text' };
  switch (kind.as) {
    case 'day':
      return r.day(String(value));
    case 'time':
      return r.time(String(value));
    case 'bool':
      return (value === true || value === 1 || value === '1' ? AuditWords.on : AuditWords.off)[r.lang];
    case 'named':
      return kind.values[String(value)]?.[r.lang] ?? String(value);
    case 'ref':
      return r.name(kind.kind, Number(value)) ?? `#${value}`;
    case 'cardType':
      return cardName(Number(value), r.lang);
    case 'functions':
      return functionNames(value, r.lang);
    case 'points':
      return AuditWords.corners[r.lang].replace('{count}', String(Array.isArray(value) ? value.length : 0));
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * A record's fields as lines, hidden ones left out: before → after of a record that stayed, the values
 * of a created (after only) or deleted (before only) one.
 */
export function fieldLines(
  before: Fields | undefined,
  after: Fields | undefined,
  r: AuditReader,
): FieldLine[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .filter((field) => !HiddenAuditFields.has(field))
    .map((field) => ({
      field,
      label: fieldLabel(field, r.lang),
      ...(before && { before: fieldValue(field, before[field], r) }),
      ...(after && { after: fieldValue(field, after[field], r) }),
    }));
}

/** A balance a spend moved, as a person reads it. */
export interface CardsMovedLine {
  agent_id: number;
  card_type: number;
  before: number;
  after: number;
}

/** Balances moved: "Voice cards (Top agent) 120 → 110". */
export const cardLines = (cards: CardsMovedLine[] | null, r: AuditReader): FieldLine[] =>
  (cards ?? []).map((c) => {
    const whose = r.name('agent', c.agent_id) ?? `#${c.agent_id}`;
    const label = AuditWords.cards[r.lang].replace('{card}', cardName(c.card_type, r.lang));
    return { field: 'cards', label: `${label} (${whose})`, before: String(c.before), after: String(c.after) };
  });

/** A line as one text: "Label: before → after", or "Label: value". */
export const lineText = (l: FieldLine) =>
  `${l.label}: ${l.before !== undefined && l.after !== undefined ? `${l.before} → ${l.after}` : (l.after ?? l.before)}`;
