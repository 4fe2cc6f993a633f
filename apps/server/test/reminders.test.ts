import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { api, Code, NoticeType, UserType } from '@ptt/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import {
  agentCards,
  agents,
  jobRuns,
  notices,
  orgs,
  pushSubscriptions,
  remindersSent,
  smsOutbox,
  terminals,
} from '../src/db/schema.ts';
import { readConfig } from '../src/env.ts';
import { counters } from '../src/http/metrics.ts';
import { PERMANENT } from '../src/lib/expiries.ts';
import * as orgService from '../src/modules/org/service.ts';
import { startSchedule } from '../src/modules/reminder/schedule.ts';
import * as terminalService from '../src/modules/terminal/service.ts';
import { bothBackends, type Session, type TestApp } from './harness.ts';
import {
  type BrowserKeys,
  checkVapid,
  type PushEndpoint,
  pushOrigin,
  startPushApp,
  subscribeBrowser,
  vapidSettings,
} from './push-endpoint.ts';

const { vapid, config: vapidConfig } = vapidSettings();
const env = { ...vapidConfig, TIME_ZONE: 'Asia/Hong_Kong' };

/** A date some days from another (YYYY-MM-DD). */
const plus = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** 09:00 in Hong Kong on a day: the run's `now`. */
const at = (day: string) => new Date(`${day}T01:00:00Z`);

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

const metric = async (kind: string) => {
  const text = await counters.metrics();
  return Number(new RegExp(`ptt_reminders_sent_total\\{kind="${kind}"\\} (\\d+)`).exec(text)?.[1]);
};

describe.each(bothBackends)('daily reminders on %s', (backend) => {
  let t: TestApp;
  let db: Db;
  let push: PushEndpoint;
  let top: Session;
  let sub: Session;
  let topId: number;
  let subId: number;
  let org: { id: number; agentPath: string; name: string };
  let subOrg: { id: number; agentPath: string; name: string };
  /** The demo company's radios (Radio1–6) and a VIP terminal, by name. */
  let ids: Record<string, number>;
  let subRadio: number;
  // Days far from the demo's own expiries (a year from its creation), each test on days of its own.
  let day = '2031-01-10';
  const nextDays = () => {
    day = plus(day, 200);
    return day;
  };

  beforeAll(async () => {
    ({ t, push } = await startPushApp(backend, env));
    db = t.database.db;
    const [topAgent] = await db.select().from(agents).where(eq(agents.account, 'agent01'));
    const [subAgent] = await db.select().from(agents).where(eq(agents.account, 'subagent01'));
    topId = topAgent.id;
    subId = subAgent.id;
    const [demo] = await db.select().from(orgs).where(eq(orgs.account, 'company01'));
    org = { id: demo.id, agentPath: demo.agentPath, name: demo.name };
    const created = await orgService.createOrg(db, subAgent.id, {
      name: 'Sub_Company',
      account: 'subcompany01',
      password: 'company123',
    });
    subOrg = { id: created.id, agentPath: subAgent.path, name: 'Sub_Company' };
    await db.update(orgs).set({ phone: '85260000001' }).where(eq(orgs.id, org.id));
    await db.update(orgs).set({ phone: '85260000002' }).where(eq(orgs.id, subOrg.id));
    await terminalService.createTerminals(db, {
      agent: topAgent,
      org,
      userType: UserType.vip,
      prefix: 'Vip',
      ssids: ['861234567890900'],
      by: null,
    });
    const {
      created: [made],
    } = await terminalService.createTerminals(db, {
      agent: subAgent,
      org: subOrg,
      userType: UserType.single,
      prefix: 'SubRadio',
      ssids: ['861234567890901'],
      by: null,
    });
    subRadio = made.id;
    const rows = await db
      .select({ id: terminals.id, name: terminals.name })
      .from(terminals)
      .where(eq(terminals.orgId, org.id));
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    top = await t.login(0, 'agent01', 'agent123');
    sub = await t.login(0, 'subagent01', 'agent123');
  });
  afterAll(async () => {
    await Promise.all([t.close(), push.close()]);
  });
  beforeEach(async () => {
    push.deliveries.length = 0;
    await db.delete(pushSubscriptions);
    await db.update(agentCards).set({ threshold: 0 });
  });

  const subscribe = (s: Session, name: string, lang: 'en' | 'cn' | 'cn2' = 'en') =>
    subscribeBrowser(t, s, name, lang);
  const received = (path: string, keys: BrowserKeys) => {
    const found = push.deliveries.filter((d) => d.path === path);
    expect(found).toHaveLength(1);
    checkVapid(found[0].headers, vapid.publicKey, pushOrigin);
    return JSON.parse(keys.decrypt(found[0].body)) as Record<string, string>;
  };
  /** Sets a function's expiry on terminals by id. */
  const expire = (column: 'voiceExpires' | 'locationExpires', date: string, ...on: number[]) =>
    db
      .update(terminals)
      .set({ [column]: date })
      .where(inArray(terminals.id, on));
  const noticesOf = (agentId: number, type: number) =>
    db
      .select()
      .from(notices)
      .where(and(eq(notices.agentId, agentId), eq(notices.type, type)))
      .orderBy(asc(notices.id));
  const textsTo = (phone: string) =>
    db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(asc(smsOutbox.id));

  it('reminds the agent of expiries at 30, 7 and 1 days, each step once, with a push and an SMS', async () => {
    const today = nextDays();
    await expire('voiceExpires', plus(today, 30), ids.Radio1, ids.Radio2);
    await expire('voiceExpires', plus(today, 5), ids.Radio3);
    await expire('locationExpires', plus(today, 1), ids.Radio4);
    await expire('voiceExpires', plus(today, 31), ids.Radio5);
    await expire('voiceExpires', plus(today, -1), ids.Radio6);
    await expire('voiceExpires', plus(today, 7), subRadio);
    await db.update(orgs).set({ reminderSms: true }).where(eq(orgs.id, subOrg.id));
    const keys = await subscribe(top, 'top', 'en');
    const subKeys = await subscribe(sub, 'sub', 'cn');
    const smsBefore = (await textsTo('85260000001')).length;
    const expiryMetric = await metric('expiry');

    const first = await t.app.reminders({ now: at(today) });
    expect(first).toMatchObject({
      day: today,
      expiryNotices: 4,
      balanceNotices: 0,
      terminals: 5,
      pushes: { sent: 2, removed: 0, failed: 0 },
      sms: 2,
    });
    expect(await metric('expiry')).toBe(expiryMetric + 4);
    const written = await noticesOf(topId, NoticeType.expiryReminder);
    const shapes = written
      .slice(-3)
      .map((n) => [n.cardType, n.days, n.quantity, n.orgName, n.users?.map((u) => u.name)]);
    expect(shapes).toEqual([
      [2, 1, 1, 'Demo_Company', ['Radio4']],
      [0, 30, 2, 'Demo_Company', ['Radio1', 'Radio2']],
      [0, 7, 1, 'Demo_Company', ['Radio3']],
    ]);
    expect(written.at(-2)?.users?.map((u) => u.account)).toEqual(['861234567890001', '861234567890002']);
    // The sub-agent's company is its own agent's: the top-level agent is not told of it.
    const [subNotice] = (await noticesOf(subId, NoticeType.expiryReminder)).slice(-1);
    expect([subNotice.orgName, subNotice.days, subNotice.quantity]).toEqual(['Sub_Company', 7, 1]);

    expect(received('/top', keys)).toEqual({
      title: 'Services expiring',
      body:
        'Demo_Company: Location service of 1 terminal ends within 1 day\n' +
        'Demo_Company: Voice service of 2 terminals ends within 30 days\n' +
        'Demo_Company: Voice service of 1 terminal ends within 7 days',
      url: '/notice',
      tag: `reminders:${today}`,
    });
    expect(received('/sub', subKeys)).toMatchObject({
      title: '服务即将到期',
      body: 'Sub_Company：1个用户的对讲服务将在7天内到期',
    });
    const texts = await textsTo('85260000001');
    expect(texts.slice(smsBefore).map((s) => s.text)).toEqual([
      'PTT Console: at Demo_Company, Location service of 1 terminal ends within 1 day; Voice service of ' +
        '2 terminals ends within 30 days; Voice service of 1 terminal ends within 7 days. Please ask your ' +
        'agent to renew it.',
    ]);

    // The list of notices carries the days, the company and the users, and opens the users.
    const list = await t.call(api.notice.getNotice, { page: 1, size: 5 }, top);
    const listed = list.data.list.find((n) => n.days === 30);
    expect(listed).toMatchObject({
      type: NoticeType.expiryReminder,
      cardType: 0,
      quantity: 2,
      userCount: 2,
      org: { orgName: 'Demo_Company' },
      read: false,
    });
    const users = await t.call(api.notice.getNoticeUsers, { id: listed?.id, page: 1, size: 10 }, top);
    expect(users.data.list).toEqual([
      { name: 'Radio1', account: '861234567890001' },
      { name: 'Radio2', account: '861234567890002' },
    ]);

    // The same day again: nothing twice.
    push.deliveries.length = 0;
    const again = await t.app.reminders({ now: at(today) });
    expect(again).toMatchObject({ expiryNotices: 0, terminals: 0, sms: 0, pushes: { sent: 0 } });
    expect(push.deliveries).toHaveLength(0);
    expect((await textsTo('85260000001')).length).toBe(smsBefore + 1);

    // Days later: the 7-day step of Radio1 and Radio2, and Radio5's 30-day step (8 days left).
    const week = await t.app.reminders({ now: at(plus(today, 23)) });
    expect(week).toMatchObject({ expiryNotices: 2, terminals: 3 });
    const [thirty, seven] = (await noticesOf(topId, NoticeType.expiryReminder)).slice(-2);
    expect([thirty.days, thirty.quantity, seven.days, seven.quantity]).toEqual([30, 1, 7, 2]);
    // Radio3 at 1 day left (day 4, Radio5 still in its step); Radio1 and Radio2 at 1 day and Radio5 at
    // 2 (day 29); Radio5 at 1 (day 30); and nothing after.
    expect(await t.app.reminders({ now: at(plus(today, 4)) })).toMatchObject({ terminals: 1 });
    expect(await t.app.reminders({ now: at(plus(today, 29)) })).toMatchObject({ terminals: 3 });
    expect(await t.app.reminders({ now: at(plus(today, 30)) })).toMatchObject({ terminals: 1 });
    expect(await t.app.reminders({ now: at(plus(today, 31)) })).toMatchObject({ terminals: 0 });
    const steps = await db
      .select({ days: remindersSent.days })
      .from(remindersSent)
      .where(and(eq(remindersSent.terminalId, ids.Radio1), eq(remindersSent.expires, plus(today, 30))));
    expect(steps.map((s) => s.days).sort()).toEqual([1, 30, 7]);
    // A renewal moves the expiry: the new date is reminded anew.
    await expire('voiceExpires', plus(today, 40), ids.Radio1);
    expect(await t.app.reminders({ now: at(plus(today, 10)) })).toMatchObject({ terminals: 1 });
  });

  it('leaves out permanent VIP functions and sends no SMS to a company that opted out', async () => {
    const today = nextDays();
    await expire('voiceExpires', plus(today, 7), ids.Vip1, subRadio);
    await db.update(orgs).set({ reminderSms: false }).where(eq(orgs.id, subOrg.id));
    const smsBefore = (await textsTo('85260000002')).length;
    const result = await t.app.reminders({ now: at(today) });
    expect(result).toMatchObject({ expiryNotices: 2, terminals: 2, sms: 1 });
    expect((await textsTo('85260000002')).length).toBe(smsBefore);
    const [subNotice] = (await noticesOf(subId, NoticeType.expiryReminder)).slice(-1);
    expect([subNotice.orgName, subNotice.days]).toEqual(['Sub_Company', 7]);
    const vip = await db
      .select({ function: remindersSent.function })
      .from(remindersSent)
      .where(eq(remindersSent.terminalId, ids.Vip1));
    expect(vip.map((r) => r.function)).toEqual(['voice']);

    // Even in the last month of their "expiry", permanent functions are never due.
    const [vipRow] = await db.select().from(terminals).where(eq(terminals.id, ids.Vip1));
    expect(vipRow.locationExpires).toBe(PERMANENT);
    const end = await t.app.reminders({ now: at('2099-12-20') });
    const late = await db
      .select({ function: remindersSent.function })
      .from(remindersSent)
      .where(and(eq(remindersSent.terminalId, ids.Vip1), eq(remindersSent.expires, '2099-12-31')));
    expect(late).toEqual([]);
    expect(end?.terminals).toBe(0);
  });

  it('lets a company, or an agent with it in scope, turn the reminder SMS off and on', async () => {
    const company = await t.login(1, 'subcompany01', 'company123');
    const smsOf = async () =>
      (await db.select({ on: orgs.reminderSms }).from(orgs).where(eq(orgs.id, subOrg.id)))[0].on;
    expect((await t.call(api.org.setReminderSms, { enabled: '0' }, company)).code).toBe(Code.ok);
    expect(await smsOf()).toBe(false);
    expect((await t.call(api.org.info, { id: subOrg.id }, sub)).data).toMatchObject({ reminder_sms: false });
    expect((await t.call(api.org.setReminderSms, { id: subOrg.id, enabled: '1' }, top)).code).toBe(Code.ok);
    expect(await smsOf()).toBe(true);
    // Another company's, or a value that is not 0 or 1: refused, nothing changed.
    const other = await t.call(api.org.setReminderSms, { id: org.id, enabled: '0' }, company);
    expect(other.code).toBe(Code.notFound);
    const bad = await t.call(api.org.setReminderSms, { id: subOrg.id, enabled: 'no' }, sub);
    expect(bad.code).toBe(Code.invalid);
    expect(await smsOf()).toBe(true);
  });

  it('reminds of a balance under its threshold once per threshold, and again for a new one', async () => {
    const today = nextDays();
    const keys = await subscribe(top, 'top', 'cn2');
    const [voice] = await db
      .select()
      .from(agentCards)
      .where(and(eq(agentCards.agentId, topId), eq(agentCards.cardType, 0)));
    const threshold = voice.balance + 1;
    await db
      .update(agentCards)
      .set({ threshold })
      .where(and(eq(agentCards.agentId, topId), eq(agentCards.cardType, 0)));
    // Under its threshold but switched off (video for the sub-agent) or above it: no reminder.
    await db
      .update(agentCards)
      .set({ threshold: 1_000_000 })
      .where(and(eq(agentCards.agentId, subId), eq(agentCards.cardType, 5)));
    await db
      .update(agentCards)
      .set({ threshold: 1 })
      .where(and(eq(agentCards.agentId, topId), eq(agentCards.cardType, 1)));
    const balanceMetric = await metric('balance');

    const first = await t.app.reminders({ now: at(today) });
    expect(first).toMatchObject({ balanceNotices: 1, expiryNotices: 0, pushes: { sent: 1 }, sms: 0 });
    expect(await metric('balance')).toBe(balanceMetric + 1);
    const [low] = (await noticesOf(topId, NoticeType.lowBalance)).slice(-1);
    expect([low.cardType, low.quantity, low.orgName, low.users]).toEqual([0, threshold, null, null]);
    expect(received('/top', keys)).toMatchObject({
      title: '卡餘額不足',
      body: `對講卡：剩餘${voice.balance}張，低於提醒閾值${threshold}張`,
    });
    expect(await t.app.reminders({ now: at(plus(today, 1)) })).toMatchObject({ balanceNotices: 0 });
    await db
      .update(agentCards)
      .set({ threshold: threshold + 5 })
      .where(and(eq(agentCards.agentId, topId), eq(agentCards.cardType, 0)));
    expect(await t.app.reminders({ now: at(plus(today, 1)) })).toMatchObject({ balanceNotices: 1 });
    const [again] = (await noticesOf(topId, NoticeType.lowBalance)).slice(-1);
    expect(again.quantity).toBe(threshold + 5);
  });

  it('runs each day once at REMINDER_HOUR in the server zone, across instances', async () => {
    const today = nextDays();
    await expire('voiceExpires', plus(today, 7), ids.Radio5);
    const log = { warn: () => {} };
    const ran: boolean[] = [];
    const schedule = () =>
      startSchedule({
        hour: 9,
        timeZone: env.TIME_ZONE,
        log,
        run: async (now) => {
          const r = (await t.app.reminders({ now, claim: true })) !== null;
          ran.push(r);
          return r;
        },
      });
    const a = schedule();
    const b = schedule();
    try {
      // 08:59 in Hong Kong is 00:59 UTC: not yet.
      await a.check(new Date(`${today}T00:59:00Z`));
      expect(ran).toEqual([]);
      await Promise.all([a.check(at(today)), b.check(at(today))]);
      expect(ran.sort()).toEqual([false, true]);
      // Each has seen the day run: no further look at the database today.
      await a.check(new Date(`${today}T10:00:00Z`));
      expect(ran).toHaveLength(2);
      const runs = await db.select().from(jobRuns).where(eq(jobRuns.day, today));
      expect(runs).toHaveLength(1);
      expect(runs[0].finishedAt).not.toBeNull();
      const reminded = await db.select().from(remindersSent).where(eq(remindersSent.terminalId, ids.Radio5));
      expect(reminded.filter((r) => r.expires === plus(today, 7))).toHaveLength(1);
      // 01:00 UTC the next day is 09:00 in Hong Kong: that day's run.
      await a.check(at(plus(today, 1)));
      expect(ran).toHaveLength(3);
    } finally {
      a.stop();
      b.stop();
    }
    // A run that fails is tried again at the next look, the same day.
    const warned: object[] = [];
    let calls = 0;
    const flaky = startSchedule({
      hour: 9,
      timeZone: env.TIME_ZONE,
      log: { warn: (obj) => warned.push(obj) },
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
    });
    await flaky.check(at(today));
    await flaky.check(at(today));
    await flaky.check(at(today));
    flaky.stop();
    expect([calls, warned.length]).toEqual([2, 1]);
  });

  it.runIf(backend === 'pglite')(
    'keeps no process alive: one with only the schedule running exits',
    async () => {
      const schedule = fileURLToPath(new URL('../src/modules/reminder/schedule.ts', import.meta.url));
      const script =
        `const { startSchedule } = await import(${JSON.stringify(schedule)});` +
        "startSchedule({ hour: 0, timeZone: 'UTC', log: console, run: async () => {} });";
      const started = Date.now();
      await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        timeout: 30_000,
      });
      expect(Date.now() - started).toBeLessThan(30_000);
    },
    60_000,
  );

  it.runIf(backend === 'postgres')(
    'writes each reminder once when two instances run at the same moment',
    async () => {
      const today = nextDays();
      await expire('voiceExpires', plus(today, 1), ids.Radio1, ids.Radio2, ids.Radio3, subRadio);
      await expire('locationExpires', plus(today, 7), ids.Radio4, ids.Radio5);
      const second = await openDatabase(t.config);
      const other = await buildApp({ config: t.config, database: second, logger: false });
      try {
        const before = (await db.select().from(notices)).length;
        // Without the day's claim (the operator's command) both run: the reminders' keys split the work.
        const both = await Promise.all([
          t.app.reminders({ now: at(today) }),
          other.reminders({ now: at(today) }),
        ]);
        expect(both.reduce((n, r) => n + (r?.terminals ?? 0), 0)).toBe(6);
        expect(both.reduce((n, r) => n + (r?.expiryNotices ?? 0), 0)).toBeLessThanOrEqual(5);
        const after = await db.select().from(notices);
        const users = after.slice(before).flatMap((n) => n.users?.map((u) => u.name) ?? []);
        expect(users.sort()).toEqual(['Radio1', 'Radio2', 'Radio3', 'Radio4', 'Radio5', 'SubRadio1']);

        // With the claim, one instance runs the day and the other answers null.
        const next = plus(today, 3);
        await expire('voiceExpires', plus(next, 7), ids.Radio6);
        const claimed = await Promise.all([
          t.app.reminders({ now: at(next), claim: true }),
          other.reminders({ now: at(next), claim: true }),
        ]);
        expect(claimed.filter((r) => r === null)).toHaveLength(1);
        expect(claimed.find((r) => r !== null)).toMatchObject({ terminals: 1, expiryNotices: 1 });
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it('runs now from the CLI, idempotently', async () => {
    // The CLI reads the real clock: a terminal whose voice ends in 7 days (UTC) from today.
    const today = new Date().toISOString().slice(0, 10);
    const dir = mkdtempSync(join(tmpdir(), 'ptt-reminders-'));
    const cliEnv =
      backend === 'postgres'
        ? { DATABASE_URL: t.config.DATABASE_URL, DATABASE_OWNER_URL: t.config.DATABASE_OWNER_URL }
        : { DATABASE_URL: '', DATA_DIR: join(dir, 'data') };
    const config = readConfig({ ...cliEnv, LOG_LEVEL: 'silent' });
    if (backend === 'pglite') {
      // The CLI's data directory starts as a copy of the run's migrated demo (database-template.ts).
      const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
      mkdirSync(config.DATA_DIR, { recursive: true });
      await (await PGlite.create(join(config.DATA_DIR, 'pglite'), { loadDataDir: template })).close();
    }
    const database = backend === 'postgres' ? t.database : await openDatabase(config);
    try {
      const [radio] = await database.db
        .select({ id: terminals.id })
        .from(terminals)
        .where(eq(terminals.ssid, '861234567890006'));
      await database.db
        .update(terminals)
        .set({ voiceExpires: plus(today, 7) })
        .where(eq(terminals.id, radio.id));
      if (backend === 'pglite') await database.close();
      const processEnv = { ...process.env, ...cliEnv, TIME_ZONE: 'UTC', LOG_LEVEL: 'silent' };
      const once = await run(process.execPath, ['--import', 'tsx', cli, 'reminders:run'], {
        env: processEnv,
      });
      expect(once.stdout).toMatch(
        new RegExp(`reminders of ${today}: 1 expiry notice\\(s\\) for 1 terminal function\\(s\\)`),
      );
      const twice = await run(process.execPath, ['--import', 'tsx', cli, 'reminders:run'], {
        env: processEnv,
      });
      expect(twice.stdout).toContain(': 0 expiry notice(s) for 0 terminal function(s), 0 low-balance');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('opens the radar on the terminals a reminder named: those due within its days, soonest first', async () => {
    // The radar counts from the real today: remind on it, with radios due in 2, 4 and 6 days.
    const now = new Date().toISOString().slice(0, 10);
    await expire('voiceExpires', plus(now, 6), ids.Radio1);
    await expire('voiceExpires', plus(now, 2), ids.Radio2);
    await expire('voiceExpires', plus(now, 4), ids.Radio3);
    await expire('voiceExpires', plus(now, 3), subRadio);
    await t.app.reminders({ now: at(now) });
    const [notice] = (await noticesOf(topId, NoticeType.expiryReminder)).filter(
      (n) => n.days === 7 && n.users?.some((u) => u.name === 'Radio2'),
    );
    // The notice's radios, soonest first (another run of this file may have reminded one already).
    const due: Record<string, number> = { Radio2: 2, Radio3: 4, Radio1: 6 };
    const named = (notice?.users ?? []).map((u) => u.name).sort((a, b) => (due[a] ?? 0) - (due[b] ?? 0));
    expect(named[0]).toBe('Radio2');

    const params = { within: '7', function: 'voice', notice: notice?.id, order: 'asc', page: 1, size: 20 };
    const radar = await t.call(api.terminal.expiring, params, top);
    expect(radar.code).toBe(Code.ok);
    expect(radar.data.list.map((r) => r.name)).toEqual(named);
    expect(radar.data.total).toBe(named.length);
    // Without the notice the window holds the sub-agent's radio too.
    const all = await t.call(api.terminal.expiring, { ...params, notice: undefined }, top);
    expect(all.data.list.map((r) => r.name)).toContain('SubRadio1');
    // The whole of it is what a renewal from that radar would take.
    const preview = await t.call(
      api.terminal.renewPreview,
      { within: '7', function: 'voice', notice: notice?.id, functions: 'voice' },
      top,
    );
    expect(preview.data.terminals).toBe(named.length);
    // Another agent's notice narrows its own radar to nothing.
    const other = await t.call(api.terminal.expiring, params, sub);
    expect([other.code, other.data.total]).toEqual([Code.ok, 0]);
  });
});
