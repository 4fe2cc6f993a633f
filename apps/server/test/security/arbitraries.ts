import type { Endpoint } from '@ptt/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { shapeOf } from './endpoints.ts';

/** Values that have broken servers before: sizes, scripts, injection fragments, numbers at the edges. */
export const hostileValues = [
  '',
  ' ',
  'x'.repeat(20_000),
  '𠜎'.repeat(500),
  '\u202Eevil\u202C',
  '👩‍👩‍👧‍👦',
  '\uFFFF',
  'e\u0301',
  '\u0000',
  "' OR '1'='1",
  '1; DROP TABLE terminals; --',
  "1' UNION SELECT password_hash FROM agents --",
  '%',
  '_',
  '\\',
  '%00',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '9007199254740993',
  '2147483648',
  '99999999999999999999',
  '0x10',
  ' 1 ',
  'true',
  'null',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '1,2,,3',
  ',',
  '1,-1',
  'Etc/Nowhere',
  '90.0001,180.5',
];

export const hostile = fc.constantFrom(...hostileValues);

/** Values of the wrong type, for calls that take a JSON body. */
export const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.ZodType[];
  element?: z.ZodType;
  checks?: { _zod: { def: Record<string, unknown> } }[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def) => (d.checks ?? []).map((c) => c._zod.def);

const day = fc
  .date({ min: new Date('2024-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Values that satisfy a parameter's schema (as far as its type, enum, pattern and bounds tell). */
export function validOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validOf(d.innerType as z.ZodType);
    case 'pipe': {
      const inner = defOf(d.in as z.ZodType).type;
      if (inner === 'transform') return validOf(d.out as z.ZodType);
      const out = defOf(d.out as z.ZodType).type;
      return ['union', 'literal', 'enum'].includes(out)
        ? validOf(d.out as z.ZodType)
        : validOf(d.in as z.ZodType);
    }
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(d.values ?? []));
    case 'union':
      return fc.oneof(...(d.options ?? []).map(validOf));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validOf(d.element as z.ZodType), { minLength: 1, maxLength: 3 });
    case 'number': {
      let min = -10;
      let max = 200_000;
      for (const c of checksOf(d)) {
        if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : 1e-6));
        if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : 1e-6));
      }
      if (min > max) return fc.integer();
      const isInt = checksOf(d).some((c) => String(c.format ?? '').includes('int'));
      return isInt
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string': {
      const checks = checksOf(d);
      const regex = checks.find((c) => c.format === 'regex')?.pattern as RegExp | undefined;
      if (regex) {
        // Lookaheads are beyond the generator: generate without them, keep what the real pattern accepts.
        const plain = new RegExp(regex.source.replace(/\(\?[!=][^)]*\)/g, ''), regex.flags);
        return fc.stringMatching(plain).filter((v) => regex.test(v));
      }
      if (checks.some((c) => c.format === 'email')) return fc.emailAddress();
      if (checks.some((c) => c.format === 'date')) return day;
      if (checks.some((c) => c.format === 'datetime'))
        return fc.date({ noInvalidDate: true }).map((x) => x.toISOString());
      const minLength = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
      const maxLength = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 30);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 60)) });
    }
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** One fuzzed call: its parameters, and whether they travel as a typed JSON body rather than the query. */
export interface Fuzzed {
  params: Record<string, unknown>;
  asBody: boolean;
}

/**
 * Parameters for an endpoint from its contract schema: each value valid, hostile, random or of the
 * wrong type, each parameter sometimes missing; `known` adds real values (ids of existing records).
 */
export function fuzzedParams(e: Endpoint, known: Record<string, unknown[]> = {}): fc.Arbitrary<Fuzzed> {
  const shape = shapeOf(e.params);
  const valid: Record<string, fc.Arbitrary<unknown>> = {};
  const mixed: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const real = known[key]?.length ? [fc.constantFrom(...known[key])] : [];
    valid[key] = real.length ? fc.oneof(real[0], validOf(schema)) : validOf(schema);
    mixed[key] = fc.oneof(
      { weight: 3, arbitrary: valid[key] },
      { weight: 3, arbitrary: hostile },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 1, arbitrary: wrongTyped },
    );
  }
  const params = fc.oneof(
    fc.record(valid),
    fc.record(mixed, { requiredKeys: [] }),
    fc.record(mixed),
  ) as fc.Arbitrary<Record<string, unknown>>;
  return fc.record({ params, asBody: e.method === 'POST' ? fc.boolean() : fc.constant(false) });
}
