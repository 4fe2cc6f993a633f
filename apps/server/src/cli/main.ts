import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CardTypes, isMessageKey, Messages, rules } from '@ptt/contract';
import { z } from 'zod';
import { openDatabase } from '../db/client.ts';
import { readConfig } from '../env.ts';
import { outboxProvider } from '../modules/account/sms-provider.ts';
import { latestOutbox } from '../modules/account/sms-repository.ts';
import * as agents from '../modules/agent/service.ts';
import { setBranding } from '../modules/branding/service.ts';
import * as cards from '../modules/card/service.ts';
import { credentialsPath, resetCredentials, writeCredentials } from '../modules/device/provision.ts';
import * as feedback from '../modules/feedback/service.ts';
import * as notices from '../modules/notice/service.ts';
import * as orgs from '../modules/org/service.ts';
import { newVapidKeys } from '../modules/push/service.ts';
import { runReminders } from '../modules/reminder/service.ts';
import { backup, restore } from './backup.ts';

const usage = `PTT Console operator CLI — npm run ptt -- <command> [options]

  agent:create   --name N --account A --password P [--contact C] [--phone T]
                 a top-level agent, every card type switched on
  org:create     --agent A --name N --account A --password P [--contact C]
  cards:grant    --agent A --type 0-7|all --quantity Q      cards for a top-level agent
  switch:set     --agent A --on 0,1,2 --off 5,7              card switch of a top-level agent
  org:server     --org A --type enclosure --ip 10.0.0.12 --port 8090   a server of a company
  bulletin:publish --title T --content C
  notice:send    --agent A --content C                       a blank notice (type 3) to one agent
  branding:set   [--title T] [--background #hex] [--color #hex] [--logo path] [--icon path]
  feedback:list  [--limit N]                                 latest feedback (20) with its sender
  sms:outbox     [--phone P] [--last N]                      latest texts (10) the default SMS provider wrote
  terminal:passwords --org A [--count N] [--create [--vip]] [--out F]
                 new intercom passwords for a company's first N terminals (all by default), printed and
                 written to F (default DATA_DIR/simulator/<org>.json) for npm run simulate; --create adds
                 terminals up to N with the agent's voice cards (--vip: VIP cards, so they keep a track and
                 meet fences at once). Radios using the old passwords sign out.
  reminders:run  the daily reminders now (the servers run them at REMINDER_HOUR): notices of expiries in
                 30, 7 and 1 days and of low balances, Web Push to the agents, SMS to the companies'
                 contacts; what was reminded before is not reminded again
  push:vapid     [--contact mailto:ops@example.com]          a new VAPID key pair for Web Push alarms, printed
                 as the three configuration lines to set on every instance
  backup FILE    the whole database to FILE: pg_dump's custom format for PostgreSQL (instances may run),
                 the data directory (gzipped tar) for the embedded database (stop the server first)
  restore FILE   FILE into the configured database, which must be new: an empty PostgreSQL database, or a
                 DATA_DIR without a database; then start the instances on it
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    ...Object.fromEntries(
      [
        'name',
        'account',
        'password',
        'contact',
        'phone',
        'agent',
        'type',
        'quantity',
        'on',
        'off',
        'title',
        'content',
      ]
        .concat(['background', 'color', 'logo', 'icon', 'limit', 'org', 'ip', 'port', 'count', 'out', 'last'])
        .map((k) => [k, { type: 'string' as const }]),
    ),
    create: { type: 'boolean' },
    vip: { type: 'boolean' },
  },
});
const v = values as Record<string, string | undefined>;
const need = (key: string, schema: z.ZodType = z.string().min(1)) => {
  const parsed = schema.safeParse(v[key]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message;
    throw new Error(`--${key}: ${isMessageKey(issue) ? Messages[issue].en : 'required'}`);
  }
  return parsed.data as string;
};
const typesOf = (list?: string) =>
  !list
    ? []
    : list === 'all'
      ? CardTypes.map((c) => c.code)
      : list.split(',').map((t) => rules.cardType.parse(t));

const config = readConfig();
// A backup reads, and a restore fills, the store as a whole: neither opens it as the server does.
if (positionals[0] === 'backup' || positionals[0] === 'restore') {
  const file = positionals[1];
  try {
    if (!file) throw new Error(`${positionals[0]} FILE: name the backup file`);
    console.log(await (positionals[0] === 'backup' ? backup : restore)(config, resolve(file)));
    process.exit(0);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
const { db, close } = await openDatabase(config);
const topLevel = async () => {
  const agent = await agents.findByAccount(db, need('agent'));
  if (!agent) throw new Error(`no agent with account ${v.agent}`);
  if (agent.parentId !== null) throw new Error(`${v.agent} is not a top-level agent`);
  return agent;
};

try {
  switch (positionals[0]) {
    case 'agent:create': {
      const a = await agents.createTopLevelAgent(db, {
        name: need('name', rules.agentName),
        account: need('account', rules.account),
        password: need('password', rules.password),
        contact: v.contact,
        phone: v.phone,
      });
      await cards.setSwitch(db, a.id, Object.fromEntries(CardTypes.map((c) => [c.code, true])));
      console.log(`agent ${a.account} created (id ${a.id}, path ${a.path})`);
      break;
    }
    case 'org:create': {
      const agent = await agents.findByAccount(db, need('agent'));
      if (!agent) throw new Error(`no agent with account ${v.agent}`);
      const o = await orgs.createOrg(db, agent.id, {
        name: need('name', rules.companyName),
        account: need('account', rules.account),
        password: need('password', rules.password),
        contact: v.contact,
      });
      console.log(`company ${o.account} created (id ${o.id}) under ${agent.account}`);
      break;
    }
    case 'cards:grant': {
      const agent = await topLevel();
      const quantity = Number(need('quantity', rules.positiveInteger));
      await db.transaction(async (tx) => {
        for (const t of typesOf(need('type'))) {
          console.log(`card type ${t}: balance ${await cards.grant(tx, agent.id, t, quantity)}`);
        }
      });
      break;
    }
    case 'switch:set': {
      const agent = await topLevel();
      const flags: Record<number, boolean> = {};
      for (const t of typesOf(v.on)) flags[t] = true;
      for (const t of typesOf(v.off)) flags[t] = false;
      await cards.setSwitch(db, agent.id, flags);
      console.log(JSON.stringify(await agents.cardSwitch(db, agent.id)));
      break;
    }
    case 'org:server': {
      const o = await orgs.findByAccount(db, need('org'));
      if (!o) throw new Error(`no company with account ${v.org}`);
      const port = Number(need('port', rules.positiveInteger));
      await orgs.setServer(db, o.id, need('type'), need('ip'), port);
      console.log(`server ${v.type} of ${o.account}: ${v.ip}:${port}`);
      break;
    }
    case 'bulletin:publish': {
      const b = await notices.publishBulletin(db, need('title'), need('content'));
      console.log(`bulletin ${b.id} published`);
      break;
    }
    case 'notice:send': {
      const agent = await agents.findByAccount(db, need('agent'));
      if (!agent) throw new Error(`no agent with account ${v.agent}`);
      await notices.sendBlank(db, agent.id, need('content'));
      console.log(`notice sent to ${agent.account}`);
      break;
    }
    case 'branding:set': {
      const row = await setBranding(db, {
        title: v.title,
        topBackground: v.background,
        topFontColor: v.color,
        logo: v.logo,
        icon: v.icon,
      });
      console.log(JSON.stringify(row));
      break;
    }
    case 'feedback:list': {
      const limit = v.limit === undefined ? 20 : Number(need('limit', rules.positiveInteger));
      const rows = await feedback.latest(db, Math.min(limit, 1000));
      if (rows.length === 0) console.log('no feedback yet');
      for (const f of rows) {
        const who = `${f.role === 0 ? 'agent' : 'company'} ${f.account ?? `#${f.subjectId} (deleted)`}`;
        const name = f.name ? ` (${f.name})` : '';
        const contact = f.contact ? ` contact: ${f.contact}` : '';
        console.log(`#${f.id} ${f.createdAt.toISOString()} ${who}${name}${contact}`);
        console.log(`  ${f.content.replace(/\s*\n\s*/g, ' / ')}`);
      }
      break;
    }
    case 'sms:outbox': {
      const last = v.last === undefined ? 10 : Number(need('last', rules.positiveInteger));
      const rows = await latestOutbox(db, Math.min(last, 1000), v.phone);
      if (rows.length === 0) console.log('no text in the outbox');
      for (const r of rows) console.log(`#${r.id} ${r.createdAt.toISOString()} ${r.phone}  ${r.text}`);
      break;
    }
    case 'terminal:passwords': {
      const count = v.count === undefined ? undefined : Number(need('count', rules.positiveInteger));
      const list = await resetCredentials(db, need('org'), {
        count,
        create: (values as { create?: boolean }).create === true,
        vip: (values as { vip?: boolean }).vip === true,
      });
      const out = v.out ?? credentialsPath(config.DATA_DIR, list.company);
      writeCredentials(out, list);
      for (const t of list.terminals) console.log(`${t.ssid}  ${t.password}  ${t.name}`);
      console.log(`${list.terminals.length} intercom password(s) written to ${resolve(out)}`);
      break;
    }
    case 'reminders:run': {
      const log = { info: () => {} };
      const run = await runReminders({ db, config, sms: outboxProvider(db, log) });
      if (!run) break;
      const p = run.pushes;
      console.log(
        `reminders of ${run.day}: ${run.expiryNotices} expiry notice(s) for ${run.terminals} terminal function(s), ` +
          `${run.balanceNotices} low-balance notice(s); pushes sent ${p.sent}, failed ${p.failed}, ` +
          `removed ${p.removed}; ${run.sms} SMS${run.smsFailed ? ` (${run.smsFailed} refused)` : ''}`,
      );
      break;
    }
    case 'push:vapid': {
      const keys = newVapidKeys();
      console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
      console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
      console.log(`VAPID_SUBJECT=${v.contact ?? 'mailto:operator@example.com'}`);
      break;
    }
    default:
      console.log(usage);
      process.exitCode = positionals[0] ? 1 : 0;
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await close();
}
