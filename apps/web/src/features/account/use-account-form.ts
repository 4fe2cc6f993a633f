import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { showToast } from '../../components/toast.ts';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';

export type Values = Record<string, string>;

/** The catalogue key of the first issue of each field, as the contract rules name them. */
export const ruleErrors = (schema: z.ZodType, values: unknown): Record<string, string> => {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
};

const fieldOf = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && typeof (data as { field?: unknown }).field === 'string'
    ? (data as { field: string }).field
    : undefined;

/**
 * State of an account form: values, one message per field (texts, because they come from the rules'
 * keys and from the server's answers alike), the busy flag and the double-click guard.
 */
export const useAccountForm = <V extends Values>(initial: V) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();

  const set = (name: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  /**
   * Checks with contract rules; true when everything passes. Each part is a schema with what it checks:
   * an object (its issues land on their fields) or, with a field name, a single value.
   */
  const check = (...parts: [schema: z.ZodType, subject: unknown, field?: string][]): boolean => {
    const texts: Record<string, string> = {};
    for (const [schema, subject, field] of parts) {
      const keys = ruleErrors(schema, subject);
      for (const [name, key] of Object.entries(keys)) {
        const target = field ?? name;
        texts[target] ??= t(`msg.${key}` as 'msg.ok');
      }
    }
    setErrors(texts);
    return Object.keys(texts).length === 0;
  };

  /**
   * Runs a call made with `toast: false`: an answer about one of the form's fields (the server names it
   * in `data.field`) is shown under that field, any other one as a toast.
   */
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.handled) return;
      const field = fieldOf(error.data);
      if (field && field in values) setErrors({ [field]: error.message });
      else showToast(error.message);
    } finally {
      setBusy(false);
    }
  };

  return { values, set, setValues, errors, setErrors, check, run, busy, locked, guard };
};
