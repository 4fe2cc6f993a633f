import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/crypto.ts';

/**
 * The fleet the API is measured on, shaped like real customers: two top-level agents with ten
 * sub-agents each, one big company under the first top-level agent and 2 000 small companies spread
 * over all 22 agents; groups, SOS alarms, fences, fence alarms, recordings and positions in the big
 * company. Terminal names read like a fleet's ("Guard00412"), so keyword searches find some.
 */
export const Fleet = { tops: 2, subsPerTop: 10, smallOrgs: 2000, bigGroups: 200, bigFences: 50 } as const;
export const benchPassword = 'bench123';
export const benchTop = 'benchtop1';
export const benchBig = 'benchbig';
/** Terminal names are a word and five digits ("Guard00412"): letters and digits, at most 11 (SPEC §5). */
export const nameWords = ['Driver', 'Guard', 'Medic', 'Porter', 'Patrol', 'Dock', 'Ranger', 'Warden'];
/** SSIDs of the bulk-inserted terminals: 870 000 000 000 000 + n. */
export const ssidBase = 870_000_000_000_000;

/** The big company holds 20 000 terminals, or half the fleet when the fleet is smaller than 40 000. */
export const bigCompanySize = (terminals: number) => Math.min(20_000, Math.floor(terminals / 2));

/** Fills a new, migrated database with the fleet's `terminals` in bulk SQL, in one transaction. */
export async function seedFleet(url: string, terminals: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const hash = await hashPassword(benchPassword);
    await q('begin');
    // Top-level agents zb00, zb01; their sub-agents zb00s000 … (4 characters a level).
    await q(
      `insert into agents (path, name, account, password_hash, openid)
       select 'zb0' || t, 'BenchTop' || (t + 1), 'benchtop' || (t + 1), $1, md5(random()::text || t)
       from generate_series(0, $2 - 1) t`,
      [hash, Fleet.tops],
    );
    await q(
      `insert into agents (parent_id, path, name, account, password_hash, openid, contact, phone)
       select p.id, p.path || 's' || lpad(s::text, 3, '0'), 'Reseller ' || p.path || '-' || s,
              'benchsub' || p.path || s, $1, md5(random()::text || p.path || s), 'Contact ' || s,
              '1380000' || lpad(s::text, 4, '0')
       from agents p cross join generate_series(0, $2 - 1) s
       where p.path like 'zb0_' and p.parent_id is null`,
      [hash, Fleet.subsPerTop],
    );
    await q(
      `insert into agent_cards (agent_id, card_type, balance, enabled)
       select a.id, c, 10000000, true from agents a cross join generate_series(0, 7) c`,
    );
    await q(
      `insert into orgs (agent_id, agent_path, name, account, password_hash, openid, contact, region)
       select id, path, 'Harbour Security Group', $2, $1, md5(random()::text), 'Operations desk', 'HK'
       from agents where account = $3`,
      [hash, benchBig, benchTop],
    );
    // Small companies round-robin over the 22 agents.
    await q(
      `with owners as (select id, path, row_number() over (order by id) - 1 as k,
                              count(*) over () as total from agents)
       insert into orgs (agent_id, agent_path, name, account, password_hash, openid, contact, region)
       select o.id, o.path,
              (array['Harbour','Metro','Lotus','Summit','Pearl','Jade','Island','Kowloon'])[n % 8 + 1] || ' ' ||
              (array['Security','Logistics','Transport','Property','Building','Cleaning'])[n % 6 + 1] || ' ' || n,
              'benchorg' || n, $1, md5(random()::text || n), 'Contact ' || n, 'HK'
       from generate_series(0, $2 - 1) n join owners o on o.k = n % o.total`,
      [hash, Fleet.smallOrgs],
    );
    const big = bigCompanySize(terminals);
    await q(
      `insert into groups (org_id, agent_path, name)
       select id, agent_path, 'Dispatch' from orgs where account <> $1`,
      [benchBig],
    );
    await q(
      `insert into groups (org_id, agent_path, name)
       select id, agent_path, 'Team ' || lpad(g::text, 3, '0') from orgs, generate_series(1, $2) g
       where account = $1`,
      [benchBig, Fleet.bigGroups],
    );
    // The big company's terminals are spread over its teams, each team their default group. Voice runs
    // 200-499 days more; a quarter have location, lapsed up to 30 days ago or due within 100 days, so
    // the expiry radar reads real pages.
    const insertTerminals = (from: number, to: number, companies: string, join: string, group: string) =>
      q(
        `with companies as (${companies})
         insert into terminals (ssid, name, org_id, agent_path, intercom_pwd_hash, voice_expires, warranty_expires,
                                location_expires, default_group_id)
         select (${ssidBase} + n)::text,
                (array['${nameWords.join("','")}'])[n % 8 + 1] || lpad(((n / 8) % 100000)::text, 5, '0'),
                c.id, c.agent_path, $1, current_date + 200 + n % 300, current_date + 365,
                case when n % 4 = 0 then current_date - 30 + n % 130 end, ${group}
         from generate_series(${from}, ${to}) n join companies c on ${join}`,
        [hash],
      );
    await insertTerminals(
      0,
      big - 1,
      `select o.id, o.agent_path, g.id as team, row_number() over (order by g.id) - 1 as k
       from orgs o join groups g on g.org_id = o.id where o.account = '${benchBig}'`,
      `c.k = n % ${Fleet.bigGroups}`,
      'c.team',
    );
    await insertTerminals(
      big,
      terminals - 1,
      `select id, agent_path, row_number() over (order by id) - 1 as k from orgs where account <> '${benchBig}'`,
      `c.k = n % ${Fleet.smallOrgs}`,
      'null',
    );
    // Statistics of the new rows, or the joins below are planned for empty tables.
    await q('analyze');
    await seedCompanyRecords(q);
    await q('commit');
    log(
      `  seeded ${terminals.toLocaleString('en')} terminals in SQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The big company's team members, SOS, fences, alarms, recordings, positions and online weeks. */
async function seedCompanyRecords(q: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) {
  const bigId = Number((await q('select id from orgs where account = $1', [benchBig])).rows[0].id);
  await q(
    `insert into group_members (group_id, terminal_id, priority)
     select default_group_id, id, 1 + id % 5 from terminals where org_id = $1`,
    [bigId],
  );
  const big = `(select id, agent_path, row_number() over (order by id) - 1 as k from terminals where org_id = ${bigId})`;
  await q(
    `insert into sos_records (org_id, agent_path, terminal_id, lat, lng, status, created_at)
     select ${bigId}, t.agent_path, t.id, 22.28 + (n % 97) / 1000.0, 114.15 + (n % 89) / 1000.0,
            case when n % 10 = 0 then 0 else 1 end, now() - (n || ' minutes')::interval * 13
     from generate_series(0, 2999) n join ${big} t on t.k = (n * 37) % 5000`,
  );
  await q(
    `insert into fences (org_id, agent_path, name, shape, center_lat, center_lng, radius, trigger, time_zone)
     select id, agent_path, 'Site ' || lpad(f::text, 2, '0'), 'circle', 22.28 + f / 1000.0, 114.15 + f / 1000.0,
            200 + f * 10, f % 4, 'Asia/Hong_Kong'
     from orgs, generate_series(1, $2) f where id = $1`,
    [bigId, Fleet.bigFences],
  );
  await q(
    `with fs as (select id, row_number() over (order by id) - 1 as k from fences where org_id = $1)
     insert into fence_members (fence_id, terminal_id)
     select f.id, t.id from fs f join ${big} t on t.k between f.k * 40 and f.k * 40 + 39`,
    [bigId],
  );
  await q(
    `insert into fence_records (org_id, agent_path, fence_id, fence_name, terminal_id, kind, lat, lng, at)
     select f.org_id, f.agent_path, f.id, f.name, m.terminal_id, f.trigger, f.center_lat, f.center_lng,
            now() - (n || ' minutes')::interval * 7
     from generate_series(0, 4999) n
     join (select id, org_id, agent_path, name, trigger, center_lat, center_lng,
                  row_number() over (order by id) - 1 as k from fences where org_id = $1) f on f.k = n % $2
     join lateral (select terminal_id from fence_members where fence_id = f.id
                   order by terminal_id offset (n / $2) % 40 limit 1) m on true`,
    [bigId, Fleet.bigFences],
  );
  await q(
    `insert into recordings (org_id, agent_path, terminal_id, group_id, group_name, started_at, duration_ms,
                             content_type, size, file)
     select ${bigId}, t.agent_path, t.id, m.group_id, 'Team', now() - (n || ' minutes')::interval * 5,
            2000 + n % 20000, 'audio/ogg', 24000, 'bench/' || n || '.ogg'
     from generate_series(0, 4999) n join ${big} t on t.k = (n * 13) % 5000
     join group_members m on m.terminal_id = t.id`,
  );
  // A day of positions, one every half hour, for the big company's first 200 terminals.
  await q(
    `insert into positions (terminal_id, org_id, agent_path, lat, lng, speed, accuracy, at)
     select t.id, ${bigId}, t.agent_path, 22.28 + h / 500.0, 114.15 + t.k / 5000.0, 12, 8,
            now() - (h || ' minutes')::interval * 30
     from ${big} t cross join generate_series(0, 47) h where t.k < 200`,
  );
  // Every terminal online in each of the last 26 weeks (the most a company report reads): its worst case.
  await q(
    `insert into terminal_weeks (terminal_id, week, org_id)
     select t.id, (date_trunc('week', now() at time zone 'UTC') - w * interval '1 week')::date, ${bigId}
     from ${big} t cross join generate_series(0, 25) w
     on conflict do nothing`,
  );
}
