import pg from 'pg';
import { settings, sizeLabel } from './config.ts';
import { benchBig, benchPassword, benchTop, seedFleet } from './seed.ts';
import { Deals, dealTerminals, seedDeals } from './seed-sales.ts';
import { type Api, startApi } from './server.ts';

const withClient = async <T>(url: string, work: (c: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Whether the database holds a whole fleet of `size` terminals, seeded and dealt by an earlier run. */
async function complete(url: string, size: number) {
  try {
    return await withClient(url, async (c) => {
      const { rows } = await c.query(
        `select (select count(*) from terminals)::int as terminals,
                (select count(*) from card_ledger where kind = 'sale')::int as sales,
                (select count(*) from orgs where account = $1)::int as big`,
        [benchBig],
      );
      return rows[0].terminals === size && rows[0].sales >= Deals.sales && rows[0].big === 1;
    });
  } catch {
    return false;
  }
}

const databaseName = (size: number) => `${settings.databasePrefix}${sizeLabel(size)}`;
export const databaseUrl = (size: number) => settings.adminUrl.replace(/\/[^/]*$/, `/${databaseName(size)}`);

/**
 * The API on a database holding a fleet of `size` terminals. The fleet is kept between runs (seeding
 * a million terminals takes a minute or more); a database that does not hold a whole one is made anew.
 */
export async function fleetServer(size: number, log: (line: string) => void): Promise<Api> {
  const name = databaseName(size);
  const url = databaseUrl(size);
  log(`fleet of ${size.toLocaleString('en')} terminals (database ${name})`);
  const reuse = await complete(url, size);
  if (!reuse)
    await withClient(settings.adminUrl, async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
  const server = await startApi(url);
  try {
    if (reuse) log('  reusing the fleet');
    else {
      await seedFleet(url, size - dealTerminals, log);
      await seedDeals(server, await server.login(0, benchTop, benchPassword), log);
    }
    // The database as autovacuum keeps it in service: statistics as they are now, and the visibility map
    // of the rows the day's sales and batches wrote (index-only reads skip the table's pages for them).
    // Earlier runs added notices and ledger rows, and autovacuum may be off.
    await withClient(url, (c) => c.query('vacuum (analyze)'));
    return server;
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Waits until the fleet's database runs no statement but this one (a minute at most): the queries of a
 * load's last requests go on after its clients have gone and would slow the next load down.
 */
export async function settle(size: number) {
  await withClient(databaseUrl(size), async (c) => {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const { rows } = await c.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}
