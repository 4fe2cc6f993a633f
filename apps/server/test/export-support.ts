import type { Endpoint } from '@ptt/contract';
import { expect } from 'vitest';
import type { Session, TestApp } from './harness.ts';

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** An export's answer as the browser gets it: a file, or the envelope of a refusal. */
export const fetchExport = (t: TestApp, e: Endpoint, params: Record<string, unknown>, session: Session) =>
  t.app.inject({ method: 'GET', url: `${e.path}?${query({ ...params, ...session })}` });

/** A CSV export's lines, without the BOM, each split into cells (no cell of these tests holds a comma). */
export async function csvLines(t: TestApp, e: Endpoint, params: Record<string, unknown>, session: Session) {
  const res = await fetchExport(t, e, { format: 'csv', ...params }, session);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body
    .slice(1)
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.split(','));
}

/** `fetchExport` and `csvLines` bound to a suite's app, which its `beforeAll` starts. */
export const exportCalls = (app: () => TestApp) => ({
  get: (e: Endpoint, params: Record<string, unknown>, session: Session) =>
    fetchExport(app(), e, params, session),
  csv: (e: Endpoint, params: Record<string, unknown>, session: Session) =>
    csvLines(app(), e, params, session),
});
