import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDoubleClickGuard } from '../use-double-click-guard.ts';

export type Values = Record<string, unknown>;

/** Where an issue that names no field of its own is shown (a form-wide message). */
export const formWide = '';

/**
 * One part of a check: a contract schema and what it checks. An object's issues land on the fields
 * their paths name; with a field name, every issue of the part lands on that field; with a function,
 * on the field it names for the issue's path (one message under several inputs). `reads` names the
 * other values a rule was built from (a quantity's limit from the chosen card), so changing them clears
 * its messages too.
 */
export type RulePart = readonly [
  schema: z.ZodType,
  subject: unknown,
  field?: string | ((path: string | undefined) => string),
  reads?: readonly string[],
];

/**
 * A message kept as a catalogue key (a rule's issue) or a text (a server answer), so keys follow the language,
 * with the values it was about: it goes as soon as any of them changes, whichever way (typing, a picker,
 * a chip, a paste, a value set by the page), not only when the field it sits under does.
 */
type Message = ({ key: string } | { text: string }) & { about: readonly string[] };

interface Issue {
  /** The value the issue's path names (formWide when none). */
  name: string;
  key: string;
  /** A refinement over several values (two passwords, a range's ends), not a rule of one value. */
  across: boolean;
}

const issuesOf = (schema: z.ZodType, values: unknown): Issue[] => {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    name: issue.path.length > 0 ? String(issue.path[0]) : formWide,
    key: issue.message,
    across: issue.code === 'custom' && issue.path.length <= 1,
  }));
};

/** The catalogue key of the first issue of each field, as the contract rules name them. */
export const ruleErrors = (schema: z.ZodType, values: unknown): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issuesOf(schema, values)) errors[issue.name] ??= issue.key;
  return errors;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field a server answer is about (it names it in `data.field`), for answers the client left to us. */
const serverField = (error: unknown): { field?: string; text: string } | null => {
  // Read by shape rather than `instanceof ApiError`: the login route must not load the API client up front.
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const { handled, data } = error as Error & { handled?: boolean; data?: unknown };
  if (handled) return null;
  const field = (data as { field?: unknown } | null)?.field;
  return { field: typeof field === 'string' ? field : undefined, text: error.message };
};

/** The toast's chunk may fail to load (offline): the message is lost, not thrown as an unhandled rejection. */
const toastLater = (text: string) =>
  void import('../toast.ts').then(({ showToast }) => showToast(text)).catch(() => undefined);

/**
 * The app's one form state: values, one message per field from the contract rules (shown in the user's
 * language and cleared as soon as that field changes), the busy flag and the double-click guard.
 */
export const useRuleForm = <V extends Values>(initial: V) => {
  const { t } = useTranslation();
  const [values, setAll] = useState<V>(initial);
  const [messages, setMessages] = useState<Record<string, Message>>({});
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();

  const text = (m: Message) => ('key' in m ? t(`msg.${m.key}` as 'msg.ok') : m.text);
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(messages).map(([field, m]) => [field, text(m)]),
  );

  /** Drops the messages under these fields or about these values. */
  const clear = (...names: string[]) =>
    setMessages((prev) => {
      const stale = Object.keys(prev).filter(
        (field) => names.includes(field) || prev[field]?.about.some((n) => names.includes(n)),
      );
      if (stale.length === 0) return prev;
      const next = { ...prev };
      for (const field of stale) delete next[field];
      return next;
    });

  /** Changes one value; the messages about it (and a form-wide one) go at once. */
  const set =
    <K extends keyof V & string>(name: K) =>
    (value: V[K]) => {
      setAll((v) => ({ ...v, [name]: value }));
      clear(name, formWide);
    };

  /** Replaces every value (a reset, an edit form's record arriving) and drops every message. */
  const setValues = (next: V | ((prev: V) => V)) => {
    setAll(next);
    setMessages({});
  };

  /** Shows a message under a field: a catalogue key or, with `{ text }`, a server's text. */
  const setError = (field: string, message: string | { text: string } | null) =>
    message === null
      ? clear(field)
      : setMessages((prev) => ({
          ...prev,
          [field]: { ...(typeof message === 'string' ? { key: message } : message), about: [field] },
        }));

  /**
   * Checks with contract rules and shows what fails; true when everything passes. A message is about the
   * value its issue names and the field it sits under; one of a refinement over an object (passwords that
   * must match, a range's ends) is about every value of that object, so changing either end clears it.
   */
  const check = (...parts: RulePart[]): boolean => {
    const next: Record<string, Message> = {};
    for (const [schema, subject, field, reads = []] of parts) {
      const target = (name: string) =>
        typeof field === 'function' ? field(name === formWide ? undefined : name) : (field ?? name);
      const all = isRecord(subject) ? Object.keys(subject) : [];
      for (const issue of issuesOf(schema, subject)) {
        const at = target(issue.name);
        if (next[at]) continue;
        // An issue of a single value (no path) is about the field it sits under.
        const own = issue.name === formWide ? [] : [issue.name];
        const names = issue.across ? [...own, ...all] : own;
        const about = [...new Set([at, ...names, ...names.map(target), ...reads])];
        next[at] = { key: issue.key, about };
      }
    }
    setMessages(next);
    return Object.keys(next).length === 0;
  };

  /**
   * Runs a call. An answer the client left to the form (`toast: false`) is shown under the field the
   * server names, or as a toast; anything else the client has already shown, and the values stay.
   */
  const run = async (action: () => Promise<void> | void): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const answer = serverField(error);
      if (!answer) return;
      if (answer.field && answer.field in values)
        setMessages({ [answer.field]: { text: answer.text, about: [answer.field] } });
      else toastLater(answer.text);
    } finally {
      setBusy(false);
    }
  };

  /**
   * A form's submit handler: checks `parts` (given the values, so a rule can depend on them) and runs
   * the action only when they pass, once per double-click window. A refused check sends nothing, so it
   * holds no window: the corrected form can go at once. `ask` (a confirmation) comes before the window
   * too, so a cancelled confirmation can be tapped again straight away.
   */
  const submit =
    (
      action: (values: V) => Promise<void> | void,
      parts: (values: V) => RulePart[] = () => [],
      ask?: (values: V) => Promise<boolean>,
    ) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      if (!check(...parts(values))) return;
      const go = guard(() => void run(() => action(values)));
      if (!ask) go();
      else void ask(values).then((ok) => ok && go());
    };

  /** Props for an input bound to one text value. */
  const field = <K extends keyof V & string>(name: K) => ({
    value: String(values[name] ?? ''),
    onChange: set(name) as (value: string) => void,
    error: errors[name],
  });

  return { values, set, setValues, errors, setError, check, run, submit, field, busy, locked, guard };
};

export type RuleFormState<V extends Values> = ReturnType<typeof useRuleForm<V>>;
