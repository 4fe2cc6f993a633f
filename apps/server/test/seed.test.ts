import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { bothBackends, useTestApp } from './harness.ts';

/** The demo on a database that is in use, or that a first start left half-written. */
describe.each(bothBackends)('the demo seed on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 120_000, closeTimeout: 30_000 });

  const accounts = async () =>
    (await t.database.db.select({ a: agents.account }).from(agents)).map((r) => r.a);

  it('adds no demo account to a restored database whose demo accounts were renamed', async () => {
    await t.reset();
    await t.database.db.update(agents).set({ account: 'acme01' }).where(eq(agents.account, 'agent01'));
    await t.database.db.update(agents).set({ account: 'acme02' }).where(eq(agents.account, 'subagent01'));
    expect(await seedDemo(t.database.db)).toBe(false);
    expect((await accounts()).sort()).toEqual(['acme01', 'acme02']);
  });

  it('leaves nothing when it fails half-way, and the next start seeds the whole demo', async () => {
    await t.reset();
    const db = t.database.db;
    // Emptying and adding triggers is the owner's; the seed itself runs as the server.
    const owner = t.database.owner;
    await owner.execute(sql`truncate agents restart identity cascade`);
    expect(await accounts()).toEqual([]);
    // The first start dies after the agents, companies and radios are written (here: at the groups).
    await owner.execute(sql`create function seed_dies() returns trigger language plpgsql as $$
      begin raise exception 'the machine went down'; end $$`);
    await owner.execute(sql`create trigger seed_dies before insert on groups execute function seed_dies()`);
    await expect(seedDemo(db)).rejects.toThrow();
    await owner.execute(sql`drop trigger seed_dies on groups`);
    await owner.execute(sql`drop function seed_dies()`);
    expect(await accounts()).toEqual([]);
    expect(await seedDemo(db)).toBe(true);
    expect((await accounts()).sort()).toEqual(['agent01', 'subagent01']);
  });
});
