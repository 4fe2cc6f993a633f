import { api, Code, type Envelope } from '@ptt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentCards, agents, fenceMembers, groupMembers, terminals } from '../../src/db/schema.ts';
import { bothBackends, type Session, useTestApp } from '../harness.ts';

/**
 * Writes that read rows and write them back, sent together over overlapping rows: every one answers
 * without an internal error, and the result is what the same calls one after another would leave.
 */
describe.each(bothBackends)('concurrent writes on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 180_000, closeTimeout: 30_000 });
  let top: Session;
  let company: Session;
  let ids: number[];
  beforeEach(async () => {
    await t.reset();
    top = await t.login(0, 'agent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    const orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
    const ssids = Array.from({ length: 6 }, (_, i) => String(359_000_000_008_000 + i));
    const made = await t.callBody(
      api.terminal.batch,
      { orgId, userType: 0, prefix: 'Burst', mode: 'scan' },
      { ssids },
      top,
    );
    expect(made.code).toBe(Code.ok);
    ids = (await t.call(api.terminal.list, { size: 12 }, company)).data.list
      .map((u) => u.id)
      .sort((a, b) => a - b);
  }, 180_000);

  const agentId = async () =>
    (await t.database.db.select().from(agents).where(eq(agents.account, 'agent01')))[0].id;
  const balance = async (cardType: number) =>
    (
      await t.database.db
        .select()
        .from(agentCards)
        .where(and(eq(agentCards.agentId, await agentId()), eq(agentCards.cardType, cardType)))
    )[0].balance;
  const grant = async (cardType: number, n: number) =>
    t.database.db
      .update(agentCards)
      .set({ balance: sql`${agentCards.balance} + ${n}` })
      .where(and(eq(agentCards.agentId, await agentId()), eq(agentCards.cardType, cardType)));
  const recordingExpiry = async (id: number) =>
    (await t.database.db.select().from(terminals).where(eq(terminals.id, id)))[0].recordingExpires;
  const yearsAfter = (from: string | null, n: number) => {
    const base = from && from > today() ? from : today();
    const d = new Date(`${base}T00:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() + n);
    return d.toISOString().slice(0, 10);
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const codes = (answers: Envelope<unknown>[]) => answers.map((a) => a.code);

  /** A renewal may not reach 2035 (it would read as permanent): the refusal every other answer may be. */
  const pastPermanent = (a: Envelope<unknown>) =>
    a.code === Code.rule && a.msg.en.startsWith('A renewal cannot run');

  it('gives each of twenty concurrent renewals of one terminal its year, up to the last before 2035', async () => {
    await grant(1, 20);
    const before = await recordingExpiry(ids[0]);
    const cards = await balance(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(api.terminal.addService, { ids: String(ids[0]), cardType: 1 }, top),
      ),
    );
    const done = answers.filter((a) => a.code === Code.ok).length;
    expect(answers.every((a) => a.code === Code.ok || pastPermanent(a))).toBe(true);
    // Every year that keeps the expiry before 2035 is granted, exactly once each.
    const last = yearsAfter(before, done);
    expect(last < '2035-01-01').toBe(true);
    expect(yearsAfter(before, done + 1) >= '2035-01-01').toBe(done < 20);
    expect(await balance(1)).toBe(cards - done);
    expect(await recordingExpiry(ids[0])).toBe(last);
  }, 120_000);

  it('renews overlapping lists together without a deadlock, a year per card', async () => {
    await grant(1, 200);
    const lists = Array.from({ length: 30 }, (_, i) => {
      const list = [ids[i % 8], ids[(i + 3) % 8], ids[(i + 5) % 8]];
      return i % 2 ? list.reverse() : list;
    });
    const before = new Map<number, string | null>();
    for (const id of ids.slice(0, 8)) before.set(id, await recordingExpiry(id));
    const cards = await balance(1);
    const answers = await Promise.all(
      lists.map((l) => t.call(api.terminal.addService, { ids: l.join(','), cardType: 1 }, top)),
    );
    // A list that would take one of its terminals into 2035 is refused whole; the others each add their year.
    expect(answers.every((a) => a.code === Code.ok || pastPermanent(a))).toBe(true);
    const done = lists.filter((_, i) => answers[i].code === Code.ok);
    expect(done.length).toBeGreaterThan(0);
    expect(await balance(1)).toBe(cards - 3 * done.length);
    for (const id of ids.slice(0, 8)) {
      const n = done.filter((l) => l.includes(id)).length;
      expect(await recordingExpiry(id)).toBe(yearsAfter(before.get(id) ?? null, n));
    }
  }, 120_000);

  it('deletes overlapping lists together: each terminal once, every answer a clean one', async () => {
    const lists = Array.from({ length: 12 }, (_, i) => {
      const list = [ids[i % 6], ids[(i + 2) % 6], ids[(i + 4) % 6]];
      return i % 2 ? list.reverse() : list;
    });
    const answers = await Promise.all(
      lists.map((l) => t.call(api.terminal.cardBack, { ids: l.join(',') }, top)),
    );
    expect(codes(answers).filter((c) => c !== Code.ok && c !== Code.notFound)).toEqual([]);
    const deleted = answers
      .filter((a) => a.code === Code.ok)
      .reduce((n, a) => n + (a.data as { deleted: number }).deleted, 0);
    expect(deleted).toBe(6);
    const left = await t.database.db
      .select()
      .from(terminals)
      .where(inArray(terminals.id, ids.slice(0, 6)));
    expect(left).toEqual([]);
  }, 120_000);

  it('moves terminals between companies together without an internal error', async () => {
    const other = await t.call(
      api.org.add,
      { name: 'SecondCo', contact: 'Sam', account: 'secondco', password: 'company123' },
      top,
    );
    const first = (await t.call(api.agent.orgs, {}, top)).data.list.find((o) => o.id !== other.data.id)?.id;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call(api.terminal.updateUser, { id: ids[i % 4], orgId: i % 2 ? other.data.id : first }, top),
      ),
    );
    expect(codes(answers)).toEqual(Array(24).fill(Code.ok));
    const rows = await t.database.db
      .select()
      .from(terminals)
      .where(inArray(terminals.id, ids.slice(0, 4)));
    for (const r of rows) expect([first, other.data.id]).toContain(r.orgId);
  }, 120_000);

  it('adds and removes overlapping group members together, leaving the exact member list', async () => {
    const g = await t.call(api.group.add, { name: 'Burst', count: 1 }, company);
    const groupId = g.data.created[0].id;
    const lists = Array.from({ length: 20 }, (_, i) => {
      const list = [ids[i % 10], ids[(i + 1) % 10], ids[(i + 4) % 10], ids[(i + 7) % 10]];
      return i % 2 ? list.reverse() : list;
    });
    const added = await Promise.all(
      lists.map((l) => t.call(api.group.addMembers, { id: groupId, terminalIds: l.join(',') }, company)),
    );
    expect(codes(added)).toEqual(Array(20).fill(Code.ok));
    expect(added.reduce((n, a) => n + a.data.added, 0)).toBe(10);
    const members = await t.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    expect(members.map((m) => m.terminalId).sort((a, b) => a - b)).toEqual(ids.slice(0, 10));
  }, 120_000);

  it('adds and removes overlapping fence members together, leaving the exact member list', async () => {
    const f = await t.call(
      api.fence.add,
      { name: 'Burst', shape: 'circle', center: '22.3,114.17', radius: 500, trigger: 1, permanent: 1 },
      company,
    );
    expect(f.code).toBe(Code.ok);
    const fenceId = f.data.id;
    const lists = Array.from({ length: 20 }, (_, i) => {
      const list = [ids[i % 10], ids[(i + 1) % 10], ids[(i + 4) % 10], ids[(i + 7) % 10]];
      return i % 2 ? list.reverse() : list;
    });
    const added = await Promise.all(
      lists.map((l) => t.call(api.fence.addMembers, { id: fenceId, terminalIds: l.join(',') }, company)),
    );
    expect(codes(added)).toEqual(Array(20).fill(Code.ok));
    expect(added.reduce((n, a) => n + a.data.added, 0)).toBe(10);
    const removed = await Promise.all(
      lists.map((l) =>
        t.call(api.fence.removeMembers, { id: fenceId, terminalIds: l.slice(0, 2).join(',') }, company),
      ),
    );
    expect(codes(removed)).toEqual(Array(20).fill(Code.ok));
    expect(removed.reduce((n, a) => n + a.data.removed, 0)).toBe(10);
    const members = await t.database.db.select().from(fenceMembers).where(eq(fenceMembers.fenceId, fenceId));
    expect(members).toEqual([]);
  }, 120_000);
});
