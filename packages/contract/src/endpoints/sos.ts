import { z } from 'zod';
import { Limits } from '../constants.ts';
import { Languages } from '../enums.ts';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { checkOptionalDateRange, digits, id, idList, remark } from '../rules.ts';
import { count, empty, endpoint, optional, recordFilters } from './define.ts';

/** A yes/no parameter as 0 or 1 (digits). */
const zeroOne = once(() => digits().pipe(z.union([z.literal(0), z.literal(1)])));

/** The language of a reverse-geocoded address (en, cn Simplified, cn2 Traditional); English when absent. */
export const addressLang = once(() => z.enum(Languages, { error: 'invalidParams' }).default('en'));

/**
 * An SOS record as lists show it. status: 0 unprocessed, 1 processed (SosStatus); false_alarm: 1 when
 * whoever processed it marked it a false alarm.
 */
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
    false_alarm: z.union([z.literal(0), z.literal(1)]),
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
      'SOS records in scope, unprocessed first, then newest first; filter by status (0/1), false alarms ' +
      '(falseAlarm 1: only those, 0: none of them), company, terminal and a date range (start, end: ' +
      'YYYY-MM-DD, end included, at most 90 days, in timeZone or the server zone)',
    params: () =>
      recordFilters()
        .extend({ status: optional(zeroOne()), falseAlarm: optional(zeroOne()) })
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
    audit: { target: 'sos' },
    summary:
      'Process an unprocessed SOS with a remark of up to 100 characters, falseAlarm 1 marking it a false ' +
      'alarm; the processor is the caller (company or agent name) and the process time is now',
    params: () => z.object({ id: id(), remark: remark().default(''), falseAlarm: zeroOne().default(0) }),
    data: () => sosDetail().omit({ address: true }),
  }),
  processBatch: endpoint({
    method: 'POST',
    path: '/v1/sos/processBatch',
    access: 'any',
    audit: { target: 'sos' },
    summary:
      `Process up to ${Limits.sosBatchMax} unprocessed SOS of the caller’s scope at once (ids '1,2,3'), with ` +
      'one remark and the false-alarm mark, all or none: one out of scope answers 40401, one already ' +
      'processed 42201 naming it in data.ids, and nothing is written',
    params: () =>
      z.object({
        ids: idList('selectSos', Limits.sosBatchMax, 'sosBatchMax'),
        remark: remark().default(''),
        falseAlarm: zeroOne().default(0),
      }),
    data: () => z.object({ processed: z.number() }),
  }),
};
