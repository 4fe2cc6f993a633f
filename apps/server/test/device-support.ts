import type { DataOf, Endpoint, Envelope } from '@ptt/contract';
import { api } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { terminals } from '../src/db/schema.ts';
import * as terminalService from '../src/modules/terminal/service.ts';
import type { TestApp } from './harness.ts';

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)] as [string, string]),
  ).toString();

/** A device call: parameters in the query, an optional JSON body. */
export async function deviceCall<E extends Endpoint>(
  t: TestApp,
  e: E,
  params: Record<string, unknown>,
  body?: unknown,
): Promise<Envelope<DataOf<E>>> {
  const res = await t.app.inject({
    method: e.method,
    url: `${e.path}?${query(params)}`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode !== 200) throw new Error(`${e.path} answered HTTP ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Gives a terminal a known intercom password and signs it in; returns its token and id. */
export async function signIn(t: TestApp, ssid: string, password = '654321') {
  const [row] = await t.database.db.select().from(terminals).where(eq(terminals.ssid, ssid));
  await terminalService.setIntercomPassword(t.database.db, row.id, password);
  const res = await deviceCall(t, api.device.login, { ssid, password });
  if (res.code !== 20001) throw new Error(`device login ${ssid}: ${res.msg.en}`);
  return {
    token: res.data.device_token,
    id: row.id,
    name: row.name,
    orgId: row.orgId,
    groups: res.data.groups,
  };
}

export const demoSsid = (n: number) => `86123456789${String(n).padStart(4, '0')}`;

export interface Fix {
  lat: number;
  lng: number;
  time: Date;
}

export const report = (t: TestApp, token: string, positions: Fix[]) =>
  deviceCall(
    t,
    api.device.positions,
    { device_token: token },
    {
      positions: positions.map((p) => ({ ...p, time: p.time.toISOString() })),
    },
  );

/** Metres north or east of a point, as degrees (small distances). */
export const offset = (p: { lat: number; lng: number }, north: number, east = 0) => ({
  lat: p.lat + north / 111_195,
  lng: p.lng + east / (111_195 * Math.cos((p.lat * Math.PI) / 180)),
});
