import { api, type Endpoint } from '@ptt/contract';
import type { Call } from './load.ts';
import { any, pageOf, random, type Sample } from './sample.ts';
import { nameWords } from './seed.ts';
import { type Params, pathOf } from './server.ts';

/** How many requests the mix's shuffled list holds; the load cycles through it. */
const listLength = 4000;

/**
 * The reseller mix of DESIGN §7, signed in as the top-level agent: each share of the list built with
 * its own random pages, ids and keywords, then shuffled.
 */
export async function resellerMix(s: Sample): Promise<Call[]> {
  const pages = {
    subs: await s.pages(api.agent.list, s.top),
    orgs: await s.pages(api.agent.orgs, s.top),
    notices: await s.pages(api.notice.getNotice, s.top),
    sales: await s.pages(api.agent.getSalesPurchaseRecord, s.top),
  };
  const call = (e: Endpoint, params: Params = {}): Call => ({
    method: e.method,
    path: pathOf(e, { ...s.top, ...params }),
  });
  const shares: [number, () => Call][] = [
    [20, () => call(api.terminal.list, { page: 1 + random(50), size: 20 })],
    [10, () => call(api.terminal.list, { page: 1, size: 20, keyword: any(s.keywords) })],
    [10, () => call(api.terminal.detail, { id: any(s.topTerminals) })],
    [10, () => call(api.agent.list, { page: pageOf(pages.subs), size: 20 })],
    [10, () => call(api.agent.orgs, { page: pageOf(pages.orgs), size: 20 })],
    [10, () => call(api.notice.getNotice, { page: pageOf(pages.notices), size: 20 })],
    [10, () => call(api.agent.getSalesPurchaseRecord, { page: pageOf(pages.sales), size: 20 })],
    [10, () => call(api.profile.faststats)],
    [5, () => call(api.profile.agent)],
    [
      5,
      () =>
        call(api.terminal.updateUser, {
          id: any(s.topTerminals),
          name: `${any(nameWords)}${String(random(100_000)).padStart(5, '0')}`,
        }),
    ],
  ];
  const list = shares.flatMap(([percent, make]) =>
    Array.from({ length: (percent * listLength) / 100 }, make),
  );
  for (let i = list.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
