import { api, Code, NoticeType } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../src/modules/agent/service.ts';
import { sendBlank } from '../src/modules/notice/service.ts';
import { backends, useTestApp } from './harness.ts';

/** A blank notice (type 3): content only, from the operator (npm run ptt -- notice:send) to one agent. */
describe.each(backends)('blank notices on %s', (backend) => {
  const { t, sub } = useTestApp(backend, { sessions: ['sub'] });
  let subId: number;
  beforeAll(async () => {
    subId = (await agents.findByAccount(t.database.db, 'subagent01'))?.id as number;
  });

  it('reaches its agent alone, carrying only its content, and is read like any notice', async () => {
    const unread = (await t.call(api.notice.newUnreadCount, {}, sub)).data;
    await sendBlank(t.database.db, subId, '  Your card order ships on Monday.\nCall us with questions.  ');
    expect((await t.call(api.notice.newUnreadCount, {}, sub)).data).toBe(unread + 1);
    const [n] = (await t.call(api.notice.getNotice, {}, sub)).data.list;
    expect(n).toMatchObject({
      type: NoticeType.blank,
      content: 'Your card order ships on Monday.\nCall us with questions.',
      cardType: null,
      quantity: null,
      fromAgent: null,
      toAgent: null,
      read: false,
    });
    const top = await t.login(0, 'agent01', 'agent123');
    const topList = (await t.call(api.notice.getNotice, {}, top)).data.list;
    expect(topList.some((x) => x.type === NoticeType.blank)).toBe(false);
    expect((await t.call(api.notice.read, { id: n.id }, top)).code).toBe(Code.notFound);
    expect((await t.call(api.notice.read, { id: n.id }, sub)).code).toBe(Code.ok);
    expect((await t.call(api.notice.newUnreadCount, {}, sub)).data).toBe(unread);
  });

  it('refuses an empty or overlong content', async () => {
    await expect(sendBlank(t.database.db, subId, '   ')).rejects.toThrow('1-500');
    await expect(sendBlank(t.database.db, subId, 'x'.repeat(501))).rejects.toThrow('1-500');
  });
});
