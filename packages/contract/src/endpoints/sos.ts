import { z } from 'zod';
import { Languages } from '../enums.ts';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { checkOptionalDateRange, digits, id, remark } from '../rules.ts';
import { count, empty, endpoint, optional, recordFilters } from './define.ts';

/** The language of a reverse-geocoded address (en, cn Simplified, cn2 Traditional); English when absent. */
export const addressLang = once(() => z.enum(Languages, { error: 'invalidParams' }).default('en'));

/** An SOS record as lists show it. status: 0 unprocessed, 1 processed (SosStatus). */
export const sosRecord = once(() =>
  z.object({
    id: z.number(),
    terminal_id: z.number(),
    terminal_name: z.string(),
    ssid: z.string(),
    org_id: z.number(),
    org_name: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    status: z.number(),
    processor: z.string().nullable(),
    processed_at: z.string().nullable(),
    remark: z.string(),
    created_at: z.string(),
  }),
);

/** The detail adds the address of the position (null when the SOS came without one). */
export const sosDetail = once(() => sosRecord().extend({ address: z.string().nullable() }));

export const sos = {
  untreatedSOSCount: endpoint({
    method: 'POST',
    path: '/v1/sos/untreatedSOSCount',
    access: 'any',
    summary: 'Number of unprocessed SOS records in the caller scope',
    params: empty,
    data: count,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/sos/list',
    access: 'any',
    summary:
      'SOS records in scope, unprocessed first, then newest first; filter by status (0/1), company, terminal ' +
      'and a date range (start, end: YYYY-MM-DD, end included, at most 90 days, in timeZone or the server zone)',
    params: () =>
      recordFilters()
        .extend({ status: optional(digits().pipe(z.union([z.literal(0), z.literal(1)]))) })
        .superRefine(checkOptionalDateRange),
    data: () => pageOf(sosRecord()),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/sos/detail',
    access: 'any',
    summary: 'One SOS record in scope with the address of its position in the language asked for',
    params: () => z.object({ id: id(), lang: addressLang() }),
    data: sosDetail,
  }),
  process: endpoint({
    method: 'POST',
    path: '/v1/sos/process',
    access: 'any',
    summary:
      'Process an unprocessed SOS with a remark of up to 100 characters; the processor is the caller ' +
      '(company or agent name) and the process time is now',
    params: () => z.object({ id: id(), remark: remark().default('') }),
    data: () => sosDetail().omit({ address: true }),
  }),
};
