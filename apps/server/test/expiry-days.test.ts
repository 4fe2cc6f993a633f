import { api, Code, ExpiryWindows, type FunctionKey, RenewableFunctions } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../src/db/schema.ts';
import { expiryColumn, PERMANENT } from '../src/lib/expiries.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as renewal from '../src/modules/renewal/service.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import { companyWith, day, largeCompany, setExpiries } from './renewal-support.ts';

type Rows<R> = { rows: R[] };
type FunctionRow = { path: string; org_id: number; function: string; n: string };

/** Days between two YYYY-MM-DD dates. */
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

describe('the radar windows', () => {
  it('span at most 90 days, the farthest apart two expiry days are kept as a pair', () => {
    for (const w of ExpiryWindows) {
      const r = renewal.windowRange(w);
      expect(daysBetween(r.from, r.to)).toBeLessThanOrEqual(90);
    }
  });
});

/**
 * The expiry-day and function-day rows, after sales, imports, renewals, moves and deletions, some of them
 * at once: each scope's sum within a window is what counting the terminals gives.
 */
describe.each(backends)('expiry days per scope on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let seed = 20_261_202;
  /** A number below `n`, the same run after run. */
  const pick = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  /** An expiry near the radar's windows, now and then the permanent one or none. */
  const someDay = () => {
    const k = pick(20);
    return k === 0 ? PERMANENT : k === 1 ? null : day(pick(260) - 130);
  };
  const someExpiries = () => {
    const set: Partial<Record<FunctionKey, string | null>> = {
      [RenewableFunctions[pick(RenewableFunctions.length)]]: someDay(),
    };
    for (const fn of RenewableFunctions) if (pick(3) === 0) set[fn] = someDay();
    return set;
  };

  /** The windows checked: the radar's, and others up to 90 days long from 120 days ago to 120 ahead. */
  const windows = () => [
    ...ExpiryWindows.map((w) => renewal.windowRange(w)),
    ...Array.from({ length: 8 }, () => {
      const from = pick(240) - 120;
      return { from: day(from), to: day(from + pick(91)) };
    }),
  ];

  /** Each scope's sums within each window equal the terminals counted, in every scope they lie in. */
  async function exact() {
    const fleet = await t.database.db.select().from(terminals);
    for (const w of windows()) {
      const within = (d: string | null) => !!d && d !== PERMANENT && d >= w.from && d <= w.to;
      const expected = new Map<string, number>();
      const add = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
      for (const r of fleet) {
        const scopes = [`${r.agentPath.slice(0, 4)}|0`, `|${r.orgId}`];
        if (r.agentPath.length > 4) scopes.push(`${r.agentPath}|0`);
        const due = RenewableFunctions.filter((fn) => within(r[expiryColumn[fn]]));
        for (const s of scopes) {
          if (due.length > 0) add(`${s}|all`);
          for (const fn of due) add(`${s}|${fn}`);
        }
      }
      const found = new Map<string, number>();
      const days = (await t.database.db.execute(sql`
        select path, org_id, sum(n) as n from terminal_expiry_days
        where first >= ${w.from} and last <= ${w.to} group by 1, 2`)) as unknown as Rows<{
        path: string;
        org_id: number;
        n: string;
      }>;
      for (const r of days.rows) found.set(`${r.path}|${r.org_id}|all`, Number(r.n));
      const byFn = (await t.database.db.execute(sql`
        select path, org_id, function, sum(n) as n from terminal_function_days
        where day between ${w.from} and ${w.to} group by 1, 2, 3`)) as unknown as Rows<FunctionRow>;
      for (const r of byFn.rows) found.set(`${r.path}|${r.org_id}|${r.function}`, Number(r.n));
      for (const [k, n] of found) if (n === 0) found.delete(k);
      expect(Object.fromEntries(found), `${w.from}…${w.to}`).toEqual(Object.fromEntries(expected));
    }
  }

  /** The fleet's terminals in id order. */
  const ids = async () =>
    (await t.database.db.select({ id: terminals.id }).from(terminals).orderBy(terminals.id)).map((r) => r.id);

  beforeAll(async () => {
    top = await t.login(0, 'agent01', 'agent123');
    await companyWith(t, 'agent01', 'dayco01', 12);
    await companyWith(t, 'subagent01', 'dayco02', 12);
    for (const id of await ids()) await setExpiries(t, id, someExpiries());
  });

  it('are filled and follow sales, imports and renewals', async () => {
    await exact();
    await companyWith(t, 'agent01', 'dayco01', 5);
    await largeCompany(t, 'subagent01', 'dayco03', 200, day(pick(100)));
    const all = await ids();
    for (let i = 0; i < 20; i += 1) await setExpiries(t, all[pick(all.length)], someExpiries());
    // A bulk renewal writes many terminals' expiries in one statement.
    await renewal.setExpiries(
      t.database.db,
      all.slice(0, 150).map((id) => ({ id, set: { voice: day(pick(200) - 100), sos: day(pick(100)) } })),
    );
    await exact();
  });

  it('follow moves to another company and of a company to another agent, and deletions', async () => {
    const all = await ids();
    const [co1, co3] = await Promise.all(
      ['dayco01', 'dayco03'].map(async (account) => {
        const found = (await t.database.db.execute(
          sql`select id from orgs where account = ${account}`,
        )) as unknown as Rows<{ id: number }>;
        return found.rows[0].id;
      }),
    );
    const [one] = await t.database.db.select().from(terminals).where(eq(terminals.orgId, co1)).limit(1);
    const sub = await agents.findByAccount(t.database.db, 'subagent01');
    const moved = await t.call(api.terminal.updateUser, { id: one.id, orgId: co3 }, top);
    expect(moved.code).toBe(Code.ok);
    const changed = await t.call(api.org.changeAgent, { orgId: co1, agentId: sub?.id ?? 0 }, top);
    expect(changed.code).toBe(Code.ok);
    await exact();
    const gone = [all[3], all[7], all.at(-1) ?? 0, all.at(-2) ?? 0].join(',');
    expect((await t.call(api.terminal.cardBack, { ids: gone }, top)).code).toBe(Code.ok);
    await exact();
  });

  it('stay exact under 20 writers at once', async () => {
    const all = await ids();
    await Promise.all(
      Array.from({ length: 20 }, async (_, w) => {
        // Each writer its own terminals, all in the same scopes and days: the rows they share are added
        // to by each in turn.
        const mine = all.filter((_, i) => i % 20 === w);
        for (let round = 0; round < 3; round += 1) {
          if (w % 5 === 0 && round === 1) await companyWith(t, 'agent01', 'dayco01', 3);
          else
            await t.database.db.transaction((tx) =>
              renewal.setExpiries(
                tx,
                mine.map((id) => ({ id, set: { voice: day(pick(60)), location: day(pick(60) - 30) } })),
              ),
            );
        }
      }),
    );
    await exact();
  });
});
