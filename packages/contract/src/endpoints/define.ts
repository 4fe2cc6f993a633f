import { z } from 'zod';
import { once } from '../lazy.ts';
import { id, isoDate, pageParams, timeZone } from '../rules.ts';
import type { Route } from './route.ts';

/** Who may call an endpoint: nobody signed in, any signed-in account, agents only, companies only. */
export type Access = 'public' | 'any' | 'agent' | 'org';

export interface Endpoint<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> extends Route {
  summary: string;
  readonly params: P;
  readonly data: D;
}

/** An endpoint as its module writes it: the schemas as functions that build them. */
interface Definition<P extends z.ZodType, D extends z.ZodType>
  extends Omit<Endpoint<P, D>, 'params' | 'data'> {
  params: () => P;
  data: () => D;
}

/** An endpoint whose schemas are built on first read (see lazy.ts). */
export function endpoint<P extends z.ZodType, D extends z.ZodType>(d: Definition<P, D>): Endpoint<P, D> {
  const params = once(d.params);
  const data = once(d.data);
  return {
    method: d.method,
    path: d.path,
    access: d.access,
    ...(d.audit ? { audit: d.audit } : {}),
    ...(d.spends ? { spends: d.spends } : {}),
    summary: d.summary,
    get params() {
      return params();
    },
    get data() {
      return data();
    },
  };
}

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type ParsedParamsOf<E extends Endpoint> = z.output<E['params']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

export const empty = once(() => z.object({}));
export const count = once(() => z.number().int().nonnegative());
/** Another record as a row names it: its id and name, or null when there is none. */
export const namedRef = once(() => z.object({ id: z.number(), name: z.string() }).nullable());

/** A parameter a form may leave blank: '' reads as absent, anything else must pass `schema`. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The filters the record pages share (fence alarms, recordings, SOS): company, terminal and a date
 * range, start and end as YYYY-MM-DD, end included, read in `timeZone` or the server's zone. Each page
 * extends it with its own filters and checks the range (`checkOptionalDateRange`).
 */
export const recordFilters = once(() =>
  pageParams().extend({
    orgId: optional(id()),
    terminalId: optional(id()),
    start: optional(isoDate()),
    end: optional(isoDate()),
    timeZone: optional(timeZone()),
  }),
);
