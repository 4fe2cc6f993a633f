import type { Endpoint } from '@ptt/contract';
import type { Expected } from './audit-expected.ts';

/** The audit rows of the fleet endpoints (see `Expected`). */
export const fleetExpected = new Map<Endpoint, Expected>([]);
