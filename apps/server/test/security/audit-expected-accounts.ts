import type { Endpoint } from '@ptt/contract';
import type { Expected } from './audit-expected.ts';

/** The audit rows of the accounts endpoints (see `Expected`). */
export const accountsExpected = new Map<Endpoint, Expected>([]);
