import { api, Code } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../harness.ts';

/** A keyword is text: LIKE's wildcards in it match themselves, never "anything". */
describe.each(backends)('search keywords on %s', (backend) => {
  const { t, top, company } = useTestApp(backend, {
    sessions: ['top', 'company'],
    timeout: 60_000,
    closeTimeout: 30_000,
  });

  it('finds nothing for %, a backslash or _ standing for a letter, in every list and the search', async () => {
    const groupId = (await t.call(api.group.list, {}, company)).data.list[0].id;
    const fenceId = (await t.call(api.fence.list, {}, company)).data.list[0].id;
    for (const keyword of ['%', '\\', '%%', 'D_mo', 'Rad_o', 'Dis_atch', 'Har_our']) {
      const lists = [
        await t.call(api.terminal.list, { keyword }, company),
        await t.call(api.group.list, { keyword }, company),
        await t.call(api.fence.list, { keyword }, company),
        await t.call(api.agent.list, { keyword }, top),
        await t.call(api.agent.orgs, { keyword }, top),
        await t.call(api.group.unMembers, { id: groupId, keyword }, company),
        await t.call(api.fence.unMembers, { id: fenceId, keyword }, company),
      ];
      expect(
        lists.map((l) => [l.code, l.data.total]),
        keyword,
      ).toEqual(lists.map(() => [Code.ok, 0]));
      const found = await t.call(api.search.global, { keyword }, top);
      expect(found.data, keyword).toEqual({ agents: [], orgs: [], groups: [], users: [] });
    }
  }, 30_000);

  it('finds a company by its name, account or contact, never by text spanning two of them', async () => {
    const names = async (keyword: string) =>
      (await t.call(api.agent.orgs, { keyword }, top)).data.list.map((o) => o.corg_name);
    for (const keyword of ['mo_Comp', 'COMPANY01', 'carol w'])
      expect(await names(keyword), keyword).toEqual(['Demo_Company']);
    for (const keyword of ['Company company01', 'company01 Carol'])
      expect(await names(keyword), keyword).toEqual([]);
    const found = await t.call(api.search.global, { keyword: 'Carol', searchType: 'company' }, top);
    expect(found.data.orgs.map((o) => o.name)).toEqual(['Demo_Company']);
  }, 30_000);

  it('still finds a name that holds an underscore by that underscore', async () => {
    const hits = await t.call(api.agent.orgs, { keyword: 'o_C' }, top);
    expect(hits.data.list.map((o) => o.corg_name)).toEqual(['Demo_Company']);
    expect((await t.call(api.terminal.list, { keyword: 'Radio' }, company)).data.total).toBe(6);
  }, 30_000);
});
