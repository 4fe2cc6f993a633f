import { api, Code, type Endpoint } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../../src/modules/agent/service.ts';
import * as cards from '../../src/modules/card/service.ts';
import { bothBackends, type Session, useTestApp } from '../harness.ts';

/** The same call many times at once: each must get a coded answer and the sum of the winners must be exact. */
describe.each(bothBackends)('concurrent calls on %s', (backend) => {
  const { t, top, company } = useTestApp(backend, {
    sessions: ['top', 'company'],
    timeout: 60_000,
    closeTimeout: 30_000,
  });
  let orgId: number;
  let subId: number;
  let serial = 0;
  const ssid = () => String(357_700_000_000_000 + ++serial);
  const at = <T>(n: number, call: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  const codes = (answers: { code: number }[]) => answers.map((a) => a.code).sort();
  const rows = async (query: string) => {
    const res = await t.database.db.execute(sql.raw(query));
    return (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows) as Record<
      string,
      unknown
    >[];
  };

  beforeAll(async () => {
    orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
    subId = (await t.call(api.agent.list, {}, top)).data.list[0].id;
  }, 60_000);

  const balanced = async () =>
    rows(`
      select c.agent_id from agent_cards c
      where c.balance <> coalesce((select sum(quantity) from card_ledger l where l.to_agent_id = c.agent_id and l.card_type = c.card_type), 0)
                      - coalesce((select sum(quantity) from card_ledger l where l.from_agent_id = c.agent_id and l.card_type = c.card_type), 0)`);

  it('sells exactly the cards an agent holds when twenty sales race for ten', async () => {
    const small = await agents.createTopLevelAgent(t.database.db, {
      name: 'SmallAgent',
      account: 'small01',
      password: 'agent123',
    });
    await t.database.db.transaction(async (tx) => {
      await cards.setSwitch(tx, small.id, { 0: true });
      await cards.grant(tx, small.id, 0, 10);
    });
    const s = await t.login(0, 'small01', 'agent123');
    const buyer = await t.call(
      api.agent.add,
      { name: 'SmallBuyer', contact: 'Buy', account: 'smallbuy1', password: 'agent123', blance: 1 },
      s,
    );
    const answers = await at(20, () =>
      t.call(api.agent.blanceAdd, { agentId: buyer.data.id, cardType: 0, quantity: 1 }, s),
    );
    expect(codes(answers)).toEqual([...Array(10).fill(Code.ok), ...Array(10).fill(Code.rule)]);
    expect((await t.call(api.agent.getCardCount, { id: buyer.data.id }, s)).data.blance).toBe(10);
    expect((await t.call(api.profile.agent, {}, s)).data.blance).toBe(0);
    expect(await balanced()).toEqual([]);
  }, 60_000);

  it('recycles no more than a sub-agent holds when recycles race', async () => {
    const held = (await t.call(api.agent.getCardCount, { id: subId }, top)).data.sos_card;
    const answers = await at(held + 8, () =>
      t.call(api.agent.cardRecovery, { agentId: subId, cardType: 3, quantity: 1 }, top),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(held);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.rule)).toBe(true);
    expect((await t.call(api.agent.getCardCount, { id: subId }, top)).data.sos_card).toBe(0);
    expect(await balanced()).toEqual([]);
  }, 60_000);

  it('creates one of two batches that share an SSID, whole, and consumes its cards only', async () => {
    // Cards the company's renewals consumed before (the demo's) are not terminals: the difference holds.
    const cardsUsed = async () =>
      (
        await rows(
          `select (select count(*)::int from terminals where org_id = ${orgId}) as terminals,
                  (select coalesce(sum(quantity), 0)::int from card_ledger where kind = 'consume' and org_id = ${orgId}) as consumed`,
        )
      )[0] as { terminals: number; consumed: number };
    const before = await cardsUsed();
    const shared = ssid();
    const lists = [0, 1].map(() => [shared, ...Array.from({ length: 20 }, ssid)]);
    const answers = await Promise.all(
      lists.map((list) =>
        t.callBody(
          api.terminal.batch,
          { orgId, userType: 0, prefix: 'Race', mode: 'scan' },
          { ssids: list },
          top,
        ),
      ),
    );
    expect(codes(answers)).toEqual([Code.ok, Code.conflict]);
    const [made] = await rows(
      `select count(*)::int as n from terminals where ssid in (${lists
        .flat()
        .map((s) => `'${s}'`)
        .join(',')})`,
    );
    expect(made.n).toBe(21);
    const after = await cardsUsed();
    expect(after.terminals - before.terminals).toBe(21);
    expect(after.consumed - before.consumed).toBe(21);
    expect(await balanced()).toEqual([]);
  }, 60_000);

  const once = async (
    e: Endpoint,
    n: number,
    params: (i: number) => Record<string, unknown>,
    who: Session,
  ) => {
    const answers = await at(n, (i) => t.call(e, params(i), who));
    expect(answers.some((a) => a.code === Code.internal)).toBe(false);
    return answers;
  };

  it('gives a taken name to one caller only: accounts, fence names', async () => {
    const agentsAdded = await once(
      api.agent.add,
      6,
      () => ({ name: 'RaceAgent', contact: 'Ra', account: 'raceagent', password: 'agent123' }),
      top,
    );
    expect(codes(agentsAdded)).toEqual([Code.ok, ...Array(5).fill(Code.conflict)]);
    const orgsAdded = await once(
      api.org.add,
      6,
      () => ({ name: 'RaceCompany', contact: 'Ra', account: 'racecompany', password: 'company123' }),
      top,
    );
    expect(codes(orgsAdded)).toEqual([Code.ok, ...Array(5).fill(Code.conflict)]);
    const fences = await once(
      api.fence.add,
      6,
      () => ({ name: 'RaceFence', shape: 'circle', center: '22.3,114.1', radius: 100, trigger: 0 }),
      company,
    );
    expect(codes(fences)).toEqual([Code.ok, ...Array(5).fill(Code.conflict)]);
  }, 60_000);

  it('numbers groups created at once without a clash or an internal error', async () => {
    const answers = await at(6, () => t.call(api.group.add, { name: 'RaceGroup' }, company));
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => Code.ok));
    const names = answers.filter((a) => a.code === Code.ok).flatMap((a) => a.data.created.map((g) => g.name));
    expect(new Set(names).size).toBe(names.length);
  }, 60_000);

  it('adds the same member to a group, a fence and a listening list at once without an internal error', async () => {
    const group = (await t.call(api.group.add, { name: 'RaceJoin' }, company)).data.created[0].id;
    const fence = (
      await t.call(
        api.fence.add,
        { name: 'RaceJoin', shape: 'circle', center: '22.3,114.1', radius: 100, trigger: 0 },
        company,
      )
    ).data.id;
    const terminal = (await t.call(api.terminal.list, {}, company)).data.list[0].id;
    const joins = [
      ...(await once(api.group.addMembers, 5, () => ({ id: group, terminalIds: String(terminal) }), company)),
      ...(await once(api.fence.addMembers, 5, () => ({ id: fence, terminalIds: String(terminal) }), company)),
      ...(await once(
        api.group.addListening,
        5,
        () => ({ terminalId: terminal, groupIds: String(group) }),
        company,
      )),
    ];
    expect(joins.every((a) => a.code === Code.ok)).toBe(true);
    expect((await t.call(api.group.members, { id: group }, company)).data.total).toBe(1);
    expect((await t.call(api.fence.members, { id: fence }, company)).data.total).toBe(1);
  }, 60_000);

  it('lets one of several processors handle an SOS', async () => {
    const sos = (await t.call(api.sos.list, { status: 0 }, company)).data.list[0];
    const answers = await at(5, (i) =>
      t.call(api.sos.process, { id: sos.id, remark: `by ${i}` }, i % 2 ? top : company),
    );
    expect(codes(answers)).toEqual([Code.ok, ...Array(4).fill(Code.rule)]);
  }, 60_000);

  it('moves two terminals to one new SSID for one of them only', async () => {
    const [a, b] = (await t.call(api.terminal.list, { orgId, size: 2 }, top)).data.list;
    const target = ssid();
    const answers = await Promise.all(
      [a, b].map((x) => t.call(api.terminal.changecard, { oldSsid: x.ssid, newSsid: target }, top)),
    );
    expect(answers.filter((x) => x.code === Code.ok)).toHaveLength(1);
    expect(answers.some((x) => x.code === Code.internal)).toBe(false);
    const [n] = await rows(`select count(*)::int as n from terminals where ssid = '${target}'`);
    expect(n.n).toBe(1);
  }, 60_000);
});
