import type { z } from 'zod';

/**
 * Checks a value against a contract rule and returns the catalogue key of the first problem (null when
 * it passes): the web shows the same message the server would answer.
 */
export const ruleError = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalidParams');
};
