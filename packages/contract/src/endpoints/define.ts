import { z } from 'zod';

/** Who may call an endpoint: nobody signed in, any signed-in account, agents only, companies only. */
export type Access = 'public' | 'any' | 'agent' | 'org';

export interface Endpoint<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  summary: string;
  params: P;
  data: D;
}

export const endpoint = <P extends z.ZodType, D extends z.ZodType>(e: Endpoint<P, D>) => e;

/** A call of SPEC §7 whose payload the spec does not show; its module gives it a schema when built. */
export const declared = (method: 'GET' | 'POST', path: string, access: Access, summary: string) =>
  endpoint({ method, path, access, summary, params: z.looseObject({}), data: z.unknown() });

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type ParsedParamsOf<E extends Endpoint> = z.output<E['params']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

export const empty = z.object({});
export const count = z.number().int().nonnegative();
