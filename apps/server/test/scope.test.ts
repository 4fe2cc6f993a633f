import { api, Code } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../src/modules/agent/service.ts';
import * as cards from '../src/modules/card/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { backends, type Session, useTestApp } from './harness.ts';

describe.each(backends)('agents and companies: who may do what, on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sibling: Session;
  let sub: Session;
  let company: Session;
  let subId: number;
  let orgId: number;
  let siblingOrgId: number;
  beforeAll(async () => {
    // A second top-level agent with its own company: a sibling tenant.
    const other = await agents.createTopLevelAgent(t.database.db, {
      name: 'OtherAgent',
      account: 'agent02',
      password: 'agent123',
    });
    await cards.setSwitch(t.database.db, other.id, { 0: true });
    siblingOrgId = (
      await orgs.createOrg(t.database.db, other.id, {
        name: 'OtherCompany',
        account: 'company02',
        password: 'company123',
      })
    ).id;
    top = await t.login(0, 'agent01', 'agent123');
    sibling = await t.login(0, 'agent02', 'agent123');
    sub = await t.login(0, 'subagent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    subId = (await t.call(api.agent.list, {}, top)).data.list[0].id;
    orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
  });

  it('lets a top-level agent create, list, edit and read its sub-agents', async () => {
    const add = await t.call(
      api.agent.add,
      {
        name: '代理商二号',
        contact: '陳大文',
        account: 'sub_agent_02',
        password: 'pass1234',
        blance: 1,
        super_card: 1,
      },
      top,
    );
    expect(add.code).toBe(Code.ok);
    const detail = await t.call(api.agent.detail, { id: add.data.id }, top);
    expect(detail.data).toMatchObject({ name: '代理商二号', contact: '陳大文', parent_name: 'Demo_Agent' });
    expect(detail.data.card_switch).toMatchObject({ blance: 1, super_card: 1, video_card: 0 });
    const edit = await t.call(
      api.agent.modifyingAgentInformation,
      { id: add.data.id, name: '代理商二號', contact: '陳大文', phone: '85260001111' },
      top,
    );
    expect(edit.code).toBe(Code.ok);
    const list = await t.call(api.agent.list, { keyword: '二號' }, top);
    expect(list.data.list.map((a) => a.name)).toEqual(['代理商二號']);
    const dup = await t.call(
      api.agent.add,
      { name: 'Duplicate', contact: 'Dup', account: 'sub_agent_02', password: 'pass1234' },
      top,
    );
    expect([dup.code, dup.msg.en]).toEqual([Code.conflict, 'The account already exists']);
  });

  it('counts companies per agent and users per company correctly', async () => {
    const subs = await t.call(api.agent.list, {}, top);
    expect(subs.data.list.find((a) => a.name === 'Demo_Subagent')?.org_count).toBe(0);
    expect((await t.call(api.agent.detail, { id: subId }, top)).data.org_count).toBe(0);
    const orgList = await t.call(api.agent.orgs, {}, top);
    expect(orgList.data.list.find((o) => o.corg_name === 'Demo_Company')?.user_count).toBe(6);
  });

  it('lists sub-agents newest first, the same page by page as at once, with their total', async () => {
    for (const account of ['page_agent_1', 'page_agent_2'])
      expect(
        (
          await t.call(
            api.agent.add,
            { name: `PagingAgent${account.slice(-1)}`, contact: 'Pa', account, password: 'pass1234' },
            top,
          )
        ).code,
      ).toBe(Code.ok);
    const whole = (await t.call(api.agent.list, { size: 100 }, top)).data;
    expect(whole.total).toBe(whole.list.length);
    expect(whole.list[0].account).toBe('page_agent_2');
    const paged = [];
    for (const page of [1, 2, 3]) {
      const part = (await t.call(api.agent.list, { size: 1, page }, top)).data;
      expect(part.total).toBe(whole.total);
      paged.push(...part.list);
    }
    expect(paged).toEqual(whole.list.slice(0, 3));
    // The first page again, now a named statement, and nothing about totals inside its rows.
    const again = (await t.call(api.agent.list, { size: 1 }, top)).data;
    expect(again.list).toEqual([whole.list[0]]);
    expect(Object.keys(again.list[0])).not.toContain('total');
  });

  it('validates a new sub-agent with the contract rules in three languages', async () => {
    const res = await t.call(
      api.agent.add,
      { name: 'abc', contact: 'Al', account: 'abcdef', password: 'abcdef' },
      top,
    );
    expect(res.code).toBe(Code.invalid);
    expect(res.msg.en).toMatch(/^Agent name: 4-20/);
    expect(res.msg.cn).toMatch(/^代理商名称/);
    expect(res.msg.cn2).toMatch(/^代理商名稱/);
  });

  it('keeps a sub-agent from creating or listing agents', async () => {
    const add = await t.call(
      api.agent.add,
      { name: 'Nested', contact: 'Ne', account: 'nested01', password: 'pass1234' },
      sub,
    );
    expect([add.code, add.msg.en]).toEqual([Code.forbidden, 'Only top-level agents can do this']);
    expect((await t.call(api.agent.list, {}, sub)).code).toBe(Code.forbidden);
    expect((await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 0, quantity: 1 }, sub)).code).toBe(
      Code.forbidden,
    );
  });

  it('hides a sibling’s agents, companies and records', async () => {
    expect((await t.call(api.agent.detail, { id: subId }, sibling)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.getCardCount, { id: subId }, sibling)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.queryCardSwitch, { id: subId }, sibling)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.orgs, { id: subId }, sibling)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.list, {}, sibling)).data.total).toBe(0);
    expect((await t.call(api.org.info, { id: orgId }, sibling)).code).toBe(Code.notFound);
    expect((await t.call(api.org.info, { id: siblingOrgId }, top)).code).toBe(Code.notFound);
    const records = await t.call(api.agent.getSalesPurchaseRecord, {}, sibling);
    expect(records.data.total).toBe(0);
  });

  it('answers another tenant’s company in any filter with 40401, as every id out of scope', async () => {
    const filtered = [
      api.terminal.list,
      api.terminal.expiring,
      api.terminal.expiringCounts,
      api.group.list,
      api.sos.list,
      api.fence.list,
      api.recording.list,
      api.audit.list,
      api.report.org,
    ];
    for (const e of filtered) {
      const res = await t.call(e, { orgId: siblingOrgId }, top);
      expect(res.code, e.path).toBe(Code.notFound);
      expect((await t.call(e, { orgId: siblingOrgId + 1000 }, top)).code, e.path).toBe(Code.notFound);
    }
    // A company names only itself.
    expect((await t.call(api.sos.list, { orgId: siblingOrgId }, company)).code).toBe(Code.notFound);
  });

  it('refuses a sibling’s writes and changes nothing', async () => {
    const before = await t.call(api.agent.detail, { id: subId }, top);
    const writes = [
      await t.call(
        api.agent.modifyingAgentInformation,
        { id: subId, name: 'Hijacked', contact: 'Xx' },
        sibling,
      ),
      await t.call(api.agent.password, { id: subId, password: 'hacked1' }, sibling),
      await t.call(api.agent.updatePhone, { id: subId, phone: '85200000000' }, sibling),
      await t.call(api.agent.updateAgent, { id: subId, blance: 0 }, sibling),
      await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 0, quantity: 1 }, sibling),
      await t.call(api.agent.cardRecovery, { agentId: subId, cardType: 0, quantity: 1 }, sibling),
      await t.call(api.org.updateUnit, { id: orgId, name: 'Hijacked', contact: 'Xx' }, sibling),
      await t.call(api.org.password, { id: orgId, password: 'hacked1' }, sibling),
      await t.call(api.org.deletingUnit, { id: orgId }, sibling),
      await t.call(api.org.setBindingPlatform, { id: orgId, gps: 1 }, sibling),
      await t.call(api.org.updateRegion, { id: orgId, region: 'Nowhere' }, sibling),
    ];
    expect(writes.map((w) => w.code)).toEqual(writes.map(() => Code.notFound));
    const after = await t.call(api.agent.detail, { id: subId }, top);
    expect(after.data).toEqual(before.data);
    expect((await t.call(api.org.info, { id: orgId }, top)).data.corg_name).toBe('Demo_Company');
  });

  it('keeps a company out of every agent call and out of other companies', async () => {
    for (const e of [
      api.agent.list,
      api.agent.add,
      api.agent.blanceAdd,
      api.agent.getSalesPurchaseRecord,
      api.org.add,
    ]) {
      expect((await t.call(e, {}, company)).code).toBe(Code.forbidden);
    }
    expect((await t.call(api.org.info, { id: siblingOrgId }, company)).code).toBe(Code.notFound);
    const own = (await t.call(api.org.info, {}, company)).data;
    expect(own).toMatchObject({ corg_name: 'Demo_Company', group_count: 2, user_count: 6 });
    expect(own.agent_name).toBe((await t.call(api.profile.org, {}, company)).data.agent_name);
    expect(own.agent_name).not.toBe('');
  });

  it('manages a company: create, toggles, region, password reset ends its sessions, delete when empty', async () => {
    const add = await t.call(
      api.org.add,
      {
        name: '測試單位一',
        contact: 'Eve',
        account: 'company_test',
        password: 'company123',
        region: 'Kowloon',
      },
      top,
    );
    expect(add.code).toBe(Code.ok);
    const id = add.data.id;
    expect((await t.call(api.org.setBindingPlatform, { id, gps: 1, single_call: 0 }, top)).code).toBe(
      Code.ok,
    );
    const info = await t.call(api.org.info, { id }, top);
    expect(info.data.toggles).toMatchObject({ gps: 1, single_call: 0, user_intercom: 1 });
    expect((await t.call(api.org.getRegion, { id }, top)).data.region).toBe('Kowloon');

    const session = await t.login(1, 'company_test', 'company123');
    expect((await t.call(api.org.password, { id, password: 'newpass1' }, top)).code).toBe(Code.ok);
    expect((await t.call(api.org.info, {}, session)).code).toBe(Code.unauthorized);

    const busy = await t.call(api.org.deletingUnit, { id: orgId }, top);
    expect(busy.msg.en).toBe('The company still has users; move or delete them first');
    expect((await t.call(api.org.deletingUnit, { id }, top)).code).toBe(Code.ok);
    expect((await t.call(api.org.info, { id }, top)).code).toBe(Code.notFound);
  });

  it('lets a parent reset a sub-agent password, which ends the sub-agent’s sessions', async () => {
    const s = await t.login(0, 'subagent01', 'agent123');
    expect((await t.call(api.agent.password, { id: subId, password: 'agent456' }, top)).code).toBe(Code.ok);
    expect((await t.call(api.profile.faststats, {}, s)).code).toBe(Code.unauthorized);
    await t.login(0, 'subagent01', 'agent456');
  });

  it('lists notices, marks them read and serves bulletins', async () => {
    const s = await t.login(0, 'subagent01', 'agent456');
    const page = await t.call(api.notice.getNotice, {}, s);
    expect(page.data.total).toBeGreaterThanOrEqual(4);
    expect(page.data.list[0]).toMatchObject({ type: 1, fromAgent: { name: 'Demo_Agent' }, read: false });
    // Opening one marks that one read, and only that one; another agent's notice is not found.
    const unread = (await t.call(api.notice.newUnreadCount, {}, s)).data;
    const first = page.data.list[0].id;
    expect((await t.call(api.notice.read, { id: first }, s)).code).toBe(Code.ok);
    expect((await t.call(api.notice.newUnreadCount, {}, s)).data).toBe(unread - 1);
    expect((await t.call(api.notice.getNotice, {}, s)).data.list[0]).toMatchObject({ id: first, read: true });
    expect((await t.call(api.notice.read, { id: first }, s)).code).toBe(Code.ok);
    expect((await t.call(api.notice.newUnreadCount, {}, s)).data).toBe(unread - 1);
    expect((await t.call(api.notice.read, { id: first }, top)).code).toBe(Code.notFound);
    expect((await t.call(api.notice.readall, {}, s)).data).toBeGreaterThanOrEqual(3);
    expect((await t.call(api.notice.newUnreadCount, {}, s)).data).toBe(0);
    const bulletins = await t.call(api.notice.getBulletin, {}, s);
    const one = await t.call(api.notice.getBulletin, { noticeDetail: bulletins.data.list[0].id }, s);
    expect(one.data.list[0].title).toBe('Welcome to PTT Console');
  });

  it('pages through notices newest first, the same page by page as at once, with their total', async () => {
    const s = await t.login(0, 'subagent01', 'agent456');
    const whole = (await t.call(api.notice.getNotice, { size: 100 }, s)).data;
    expect(whole.total).toBe(whole.list.length);
    expect(whole.total).toBeGreaterThanOrEqual(4);
    const paged = [];
    for (const page of [1, 2, 3]) {
      const part = (await t.call(api.notice.getNotice, { size: 1, page }, s)).data;
      expect(part.total).toBe(whole.total);
      paged.push(...part.list);
    }
    expect(paged).toEqual(whole.list.slice(0, 3));
    // The first page again, now a named statement.
    expect((await t.call(api.notice.getNotice, { size: 1 }, s)).data.list).toEqual([whole.list[0]]);
    const added = await t.call(
      api.agent.add,
      { name: 'QuietAgent', contact: 'Qa', account: 'quiet_agent', password: 'pass1234' },
      top,
    );
    expect(added.code).toBe(Code.ok);
    const quiet = await t.login(0, 'quiet_agent', 'pass1234');
    const none = (await t.call(api.notice.getNotice, {}, quiet)).data;
    expect([none.list, none.total]).toEqual([[], 0]);
  });
});
