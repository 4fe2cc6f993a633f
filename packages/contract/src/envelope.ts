import { z } from 'zod';
import { Code } from './codes.ts';
import { once } from './lazy.ts';
import { type MessageKey, Messages, type Msg } from './messages.ts';

/** Every response: HTTP 200 with { code, msg: { en, cn, cn2 }, data }. */
export interface Envelope<T = unknown> {
  code: number;
  msg: Msg;
  data: T;
}

export const msgSchema = once(() => z.object({ en: z.string(), cn: z.string(), cn2: z.string() }));

export const ok = <T>(data: T, key: MessageKey = 'ok'): Envelope<T> => ({
  code: Code.ok,
  msg: Messages[key],
  data,
});

export const fail = (code: number, key: MessageKey, data: unknown = null): Envelope<unknown> => ({
  code,
  msg: Messages[key],
  data,
});

/** A list page: { list, total, page, size }. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), size: z.number() });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
