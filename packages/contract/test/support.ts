import { expect } from 'vitest';
import type { z } from 'zod';
import { isMessageKey } from '../src/messages.ts';
import { firstIssueKey } from '../src/rules.ts';

/** Written in a case table for a value the schema accepts. */
export const OK = null;

/**
 * The message key a schema answers for a value, or OK (null) when it accepts it. Every issue of a
 * rejection must be a catalogue key: the server and the web show it in three languages.
 */
export const keyOf = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  if (result.success) return OK;
  for (const issue of result.error.issues) {
    expect(isMessageKey(issue.message), `'${issue.message}' is a message key`).toBe(true);
  }
  return firstIssueKey(result.error);
};

/** The parsed value of an accepted input; fails the test with the key when rejected. */
export const parsed = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  expect(result.success ? OK : firstIssueKey(result.error)).toBe(OK);
  return result.data as z.output<S>;
};

/** The paths and keys of every issue, to check which field a form shows the message under. */
export const issuesOf = (schema: z.ZodType, value: unknown): [string, string][] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

export const chars = (n: number, c = 'a'): string => c.repeat(n);
