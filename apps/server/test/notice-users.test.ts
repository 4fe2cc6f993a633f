import { api, Code, NoticeType } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../src/modules/agent/service.ts';
import * as cards from '../src/modules/card/service.ts';
import { backends, useTestApp } from './harness.ts';

const ssids = (batch: number) =>
  Array.from({ length: 100 }, (_, i) => String(358_100_000_000_000 + batch * 1000 + i));

/**
 * A notice of a batch names its users: the notice list counts them, and they open on the notice's
 * detail a page at a time, so a page of notices stays small however large its batches were.
 */
describe.each(backends)('the users of a notice on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'], timeout: 120_000 });
  let noticeIds: number[];
  beforeAll(async () => {
    const me = (await agents.findByAccount(t.database.db, 'agent01'))?.id as number;
    await t.database.db.transaction((tx) => cards.grant(tx, me, 0, 1000));
    const orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
    for (let b = 0; b < 10; b++) {
      const made = await t.callBody(
        api.terminal.batch,
        { orgId, userType: 0, prefix: `Crew${'ABCDEFGHIJ'[b]}`, mode: 'scan' },
        { ssids: ssids(b) },
        top,
      );
      expect(made.code).toBe(Code.ok);
    }
    const page = (await t.call(api.notice.getNotice, { size: 11 }, top)).data.list;
    noticeIds = page.slice(0, 10).map((n) => n.id);
  }, 120_000);

  it('lists ten batches of 100 as notices that count their users, in a page of a few KB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${api.notice.getNotice.path}?page=1&size=11&access_token=${top.access_token}`,
    });
    const page = res.json().data;
    console.info(`a page of 11 notices, 10 of them batches of 100: ${res.body.length} bytes`);
    expect(page.list).toHaveLength(11);
    for (const n of page.list.slice(0, 10)) {
      expect(n.type).toBe(NoticeType.createUser);
      expect(n.userCount).toBe(100);
      expect(n.quantity).toBe(100);
      expect(n).not.toHaveProperty('users');
    }
    // Embedding every user named made this page 46 KB.
    expect(res.body.length).toBeLessThan(8_000);
  });

  it('pages a notice’s users in the order it names them, every one once, with their total', async () => {
    const newest = noticeIds[0];
    const read = async (page: number, size: number) =>
      (await t.call(api.notice.getNoticeUsers, { id: newest, page, size }, top)).data;
    const first = await read(1, 30);
    expect([first.total, first.list.length, first.page, first.size]).toEqual([100, 30, 1, 30]);
    const all = [...first.list];
    for (let page = 2; page <= 4; page++) all.push(...(await read(page, 30)).list);
    expect(all.map((u) => u.account)).toEqual(ssids(9));
    expect(all[0]).toEqual({ name: 'CrewJ1', account: ssids(9)[0] });
    expect(await read(5, 30)).toEqual({ list: [], total: 100, page: 5, size: 30 });
    const byDefault = (await t.call(api.notice.getNoticeUsers, { id: newest }, top)).data;
    expect([byDefault.list.length, byDefault.total]).toEqual([20, 100]);
  });

  it('names the users a deletion took away, and none for a notice without users', async () => {
    const company = await t.login(1, 'company01', 'company123');
    const listed = (await t.call(api.terminal.list, { keyword: 'CrewD', size: 3 }, company)).data.list;
    const gone = await t.call(api.terminal.cardBack, { ids: listed.map((u) => u.id).join(',') }, top);
    expect(gone.code).toBe(Code.ok);
    const [deletion] = (await t.call(api.notice.getNotice, {}, top)).data.list;
    expect([deletion.type, deletion.userCount]).toEqual([NoticeType.deleteUsers, 3]);
    const users = (await t.call(api.notice.getNoticeUsers, { id: deletion.id }, top)).data;
    expect(users.list.map((u) => u.account).sort()).toEqual(listed.map((u) => u.ssid).sort());

    const sale = (await t.call(api.notice.getNotice, { size: 100 }, top)).data.list.find(
      (n) => n.userCount === 0,
    );
    if (sale) {
      const none = (await t.call(api.notice.getNoticeUsers, { id: sale.id }, top)).data;
      expect([none.list, none.total]).toEqual([[], 0]);
    }
  });

  it('opens only the caller’s own notice, and refuses an id that is not one', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    const theirs = await t.call(api.notice.getNoticeUsers, { id: noticeIds[0] }, sub);
    expect([theirs.code, theirs.data]).toEqual([Code.notFound, null]);
    const company = await t.login(1, 'company01', 'company123');
    expect((await t.call(api.notice.getNoticeUsers, { id: noticeIds[0] }, company)).code).toBe(
      Code.forbidden,
    );
    for (const id of ['0', 'abc', '1.5', undefined]) {
      const bad = await t.call(api.notice.getNoticeUsers, { id }, top);
      expect(bad.code, String(id)).toBe(Code.invalid);
    }
    expect((await t.call(api.notice.getNoticeUsers, { id: 999_999_999 }, top)).code).toBe(Code.notFound);
  });
});
