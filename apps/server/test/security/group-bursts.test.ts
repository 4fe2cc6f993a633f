import { api, Code, DeviceLimits } from '@ptt/contract';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups } from '../../src/db/schema.ts';
import { demoSsid, deviceCall, signIn } from '../device-support.ts';
import { backends, useTestApp } from '../harness.ts';

/** Group batches of one company in parallel, and a terminal making groups in a loop. */
describe.each(backends)('group bursts on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'], timeout: 60_000 });

  it('runs 20 parallel batches of one company one after another: every one answers, names stay unique', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call(api.group.add, { name: 'Burst', count: 3 }, company)),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(Code.ok));
    const rows = await t.database.db
      .select({ name: groups.name })
      .from(groups)
      .where(like(groups.name, 'Burst%'));
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.name)).size).toBe(60);
  });

  it(`lets a terminal own at most ${DeviceLimits.ownedGroupsMax} groups, also when it asks in parallel`, async () => {
    const radio = await signIn(t, demoSsid(4));
    const made = await Promise.all(
      Array.from({ length: DeviceLimits.ownedGroupsMax + 10 }, (_, i) =>
        deviceCall(t, api.device.createGroup, { device_token: radio.token, name: `Loop${i}` }),
      ),
    );
    expect(made.filter((r) => r.code === Code.ok)).toHaveLength(DeviceLimits.ownedGroupsMax);
    expect(made.filter((r) => r.code !== Code.ok).map((r) => [r.code, r.msg.en])).toEqual(
      Array(10).fill([Code.rule, 'This terminal has made as many groups as it may; dismiss one first']),
    );
    const owned = await t.database.db.select().from(groups).where(eq(groups.ownerTerminalId, radio.id));
    expect(owned).toHaveLength(DeviceLimits.ownedGroupsMax);
  });
});
