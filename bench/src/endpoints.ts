import { allEndpoints, api, type Endpoint, ExpiryWindows } from '@ptt/contract';
import { Budget } from './config.ts';
import type { Call } from './load.ts';
import { any, lastDays, pageOf, random, type Sample } from './sample.ts';
import { ssidBase } from './seed.ts';
import { type Params, pathOf } from './server.ts';

/** A read measured alone: who calls it, and a fresh set of parameters for each request of its list. */
interface Read {
  name: string;
  endpoint: Endpoint;
  as: 'agent' | 'company';
  params: () => Params;
}

/**
 * Reads no screen makes on its own or that answer no envelope; every other read of the contract is
 * measured, and a read added to the contract without being listed here or measured stops the bench.
 */
const notMeasured = new Map<Endpoint, string>([
  [api.auth.accessToken, 'sign-in: spends a single-use puzzle'],
  [api.auth.getImg, 'sign-in: writes a puzzle'],
  [api.auth.verifyImageCode, 'sign-in: spends a puzzle'],
  [api.agent.exportSalesRecord, 'a CSV file, not an envelope'],
  [api.agent.updatePhone, 'a write'],
  [api.terminal.addService, 'a write (renewals are measured with the writes)'],
  [api.terminal.cardBack, 'a write'],
  [api.terminal.renewBatch, 'a write (a bulk renewal is measured with the writes)'],
  [api.jsp.sendSms, 'a write, one per phone per minute'],
  [api.jsp.verificationCode, 'spends a try of a code'],
  [api.jsp.updateCardPwd, 'a write'],
  [api.jsp.checkPwd, 'throttled: five wrong tries lock it'],
  [api.jsp.setPhoneAndPwd, 'a write'],
  [api.location.address, 'throttled: 60 per account a minute'],
  [api.recording.play, 'audio, not an envelope'],
  [api.recording.download, 'audio, not an envelope'],
  [api.device.fences, 'the terminals’ API, not a screen'],
  [api.events.stream, 'an event stream that stays open, not an envelope'],
  // A list's whole file, streamed: its memory is measured by `npm run bench:export -w @ptt/bench`.
  ...[
    api.terminal.export,
    api.group.export,
    api.agent.exportOrgs,
    api.sos.export,
    api.fence.exportRecords,
    api.recording.export,
    api.agent.statementExport,
    api.agent.statementMonthsExport,
    api.audit.export,
  ].map((e): [Endpoint, string] => [e, 'a file of the whole list, not an envelope']),
]);
/** Calls sent as POST that only read (the vendor's API posts a few pages). */
const postedReads: Endpoint[] = [
  api.notice.getFirstBulletin,
  api.notice.getNotice,
  api.notice.getNoticeUsers,
  api.notice.getBulletin,
  api.sos.untreatedSOSCount,
  api.agent.queryCardSwitch,
];

/** Town names a dispatcher types into the fence map's search, one picked per request. */
const places = ['Kowloon', 'Sha Tin', 'Tuen', 'Shenzhen', 'Macau', 'Guangzhou', 'Hong', 'San'];

/** The expiry radar's windows, one picked per request. */
const windows = [...ExpiryWindows];

/** Reads held to the wider p99 budget of DESIGN §7: keyword searches and the fleet map's pages. */
const searches = new Set(['search', 'terminal/list, keyword', 'location/fleet']);

/**
 * Every read endpoint an agent's or a company's screens use, each at a random page or id, with the p99 it
 * is held to.
 */
export async function everyRead(s: Sample): Promise<{ name: string; requests: Call[]; p99Ms: number }[]> {
  const agentPages = {
    notices: await s.pages(api.notice.getNotice, s.top),
    bulletins: await s.pages(api.notice.getBulletin, s.top),
    sos: await s.pages(api.sos.list, s.top),
    subs: await s.pages(api.agent.list, s.top),
    sales: await s.pages(api.agent.getSalesPurchaseRecord, s.top),
    orgs: await s.pages(api.agent.orgs, s.top),
    groups: await s.pages(api.group.list, s.top),
  };
  const c = {
    sos: await s.pages(api.sos.list, s.big),
    groups: await s.pages(api.group.list, s.big),
    fences: await s.pages(api.fence.list, s.big),
    records: await s.pages(api.fence.records, s.big),
    recordings: await s.pages(api.recording.list, s.big),
    terminals: await s.pages(api.terminal.list, s.big),
  };
  const page = (pages: number) => ({ page: pageOf(Math.min(pages, 50)), size: 20 });
  const track = () => ({
    terminalId: any(s.trackedTerminals),
    start: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date().toISOString(),
  });
  const agent = (name: string, endpoint: Endpoint, params: () => Params = () => ({})): Read => ({
    name,
    endpoint,
    as: 'agent',
    params,
  });
  const company = (name: string, endpoint: Endpoint, params: () => Params = () => ({})): Read => ({
    name,
    endpoint,
    as: 'company',
    params,
  });
  const reads: Read[] = [
    agent('auth/getAppInfo', api.auth.getAppInfo),
    agent('profile/faststats', api.profile.faststats),
    agent('profile/agent', api.profile.agent),
    agent('notice/newUnreadCount', api.notice.newUnreadCount),
    agent('notice/getFirstBulletin', api.notice.getFirstBulletin),
    agent('notice/getNotice', api.notice.getNotice, () => page(agentPages.notices)),
    agent('notice/getNoticeUsers', api.notice.getNoticeUsers, () => ({ id: any(s.userNotices), size: 20 })),
    agent('notice/getBulletin', api.notice.getBulletin, () => page(agentPages.bulletins)),
    agent('sos/untreatedSOSCount', api.sos.untreatedSOSCount),
    agent('sos/list', api.sos.list, () => page(agentPages.sos)),
    agent('agent/queryCardSwitch', api.agent.queryCardSwitch, () => ({ id: any(s.subs) })),
    agent('agent/list', api.agent.list, () => page(agentPages.subs)),
    agent('agent/detail', api.agent.detail, () => ({ id: any(s.subs) })),
    agent('agent/getSalesPurchaseRecord', api.agent.getSalesPurchaseRecord, () => page(agentPages.sales)),
    agent('agent/getCardCount', api.agent.getCardCount, () => ({ id: any(s.subs) })),
    agent('agent/orgs', api.agent.orgs, () => page(agentPages.orgs)),
    agent('agent/orgs of a sub-agent', api.agent.orgs, () => ({ id: any(s.subs), page: 1, size: 20 })),
    agent('org/info', api.org.info, () => ({ id: any(s.topOrgs) })),
    agent('org/getRegion', api.org.getRegion, () => ({ id: any(s.topOrgs) })),
    agent('org/getAssemblyUrl', api.org.getAssemblyUrl, () => ({ id: any(s.topOrgs) })),
    agent('terminal/list', api.terminal.list, () => page(50)),
    agent('terminal/list of a company', api.terminal.list, () => ({
      orgId: any(s.topOrgs),
      page: 1,
      size: 20,
    })),
    agent('terminal/list, keyword', api.terminal.list, () => ({
      keyword: any(s.keywords),
      page: 1,
      size: 20,
    })),
    agent('terminal/detail', api.terminal.detail, () => ({ id: any(s.topTerminals) })),
    agent('terminal/expiring', api.terminal.expiring, () => ({ within: any(windows), page: 1, size: 20 })),
    agent('terminal/expiring of a company', api.terminal.expiring, () => ({
      orgId: any(s.topOrgs),
      within: any(windows),
      page: 1,
      size: 20,
    })),
    agent('terminal/expiringCounts', api.terminal.expiringCounts),
    agent('terminal/renewPreview', api.terminal.renewPreview, () => ({
      ids: Array.from({ length: 20 }, () => any(s.topTerminals)).join(','),
      functions: 'voice,location',
    })),
    agent('agent/runway', api.agent.runway),
    agent('report/agent', api.report.agent, () => ({ months: any([6, 12, 24]) })),
    agent('agent/statement', api.agent.statement, () => ({ page: 1, size: 20 })),
    agent('agent/statement of a card type', api.agent.statement, () => ({
      cardType: any([0, 1, 2]),
      page: 1,
      size: 20,
    })),
    agent('agent/statementMonths', api.agent.statementMonths),
    agent('agent/statementUsers', api.agent.statementUsers, () => ({
      id: any(s.useRows),
      page: 1,
      size: 20,
    })),
    agent('audit/list', api.audit.list, () => ({ page: 1, size: 20 })),
    agent('agent/returnable', api.agent.returnable, () => ({ agentId: any(s.subs), cardType: 0 })),
    agent('terminal/selected', api.terminal.selected, () => ({
      ids: Array.from({ length: 20 }, () => any(s.topTerminals)).join(','),
    })),
    agent('terminal/checkSsids', api.terminal.checkSsids, () => ({
      ssids: Array.from({ length: 20 }, () => String(ssidBase + random(2_000_000))).join(','),
    })),
    agent('group/list', api.group.list, () => page(agentPages.groups)),
    agent('search', api.search.global, () => ({ keyword: any(s.keywords), searchType: 'global' })),
    company('profile/faststats', api.profile.faststats),
    company('profile/org', api.profile.org),
    company('sos/untreatedSOSCount', api.sos.untreatedSOSCount),
    company('sos/list', api.sos.list, () => page(c.sos)),
    company('sos/detail', api.sos.detail, () => ({ id: any(s.bigSos), lang: 'en' })),
    company('org/info', api.org.info),
    company('org/getRegion', api.org.getRegion, () => ({ id: s.bigId })),
    company('org/getAssemblyUrl', api.org.getAssemblyUrl, () => ({ id: s.bigId })),
    company('terminal/list', api.terminal.list, () => page(c.terminals)),
    company('terminal/list, keyword', api.terminal.list, () => ({
      keyword: any(s.keywords),
      page: 1,
      size: 20,
    })),
    company('terminal/detail', api.terminal.detail, () => ({ id: any(s.bigTerminals) })),
    company('terminal/expiring', api.terminal.expiring, () => ({ within: any(windows), page: 1, size: 20 })),
    company('terminal/expiringCounts', api.terminal.expiringCounts),
    company('group/list', api.group.list, () => page(c.groups)),
    company('group/detail', api.group.detail, () => ({ id: any(s.bigGroups) })),
    company('group/members', api.group.members, () => ({
      id: any(s.bigGroups),
      page: 1 + random(2),
      size: 20,
    })),
    company('group/unMembers', api.group.unMembers, () => ({ id: any(s.bigGroups), ...page(50) })),
    company('group/listening', api.group.listening, () => ({ terminalId: any(s.bigTerminals) })),
    company('search', api.search.global, () => ({ keyword: any(s.keywords), searchType: 'user' })),
    company('fence/list', api.fence.list, () => page(c.fences)),
    company('fence/detail', api.fence.detail, () => ({ id: any(s.bigFences) })),
    company('fence/members', api.fence.members, () => ({
      id: any(s.bigFences),
      page: 1 + random(2),
      size: 20,
    })),
    company('fence/unMembers', api.fence.unMembers, () => ({ id: any(s.bigFences), ...page(50) })),
    company('fence/shapes', api.fence.shapes),
    company('location/places', api.location.places, () => ({ q: any(places), lang: 'en' })),
    company('fence/records', api.fence.records, () => ({ ...page(c.records), ...lastDays(30) })),
    company('location/track', api.location.track, track),
    company('location/last', api.location.last, () => ({ terminalId: any(s.trackedTerminals), lang: 'en' })),
    company('location/mapConfig', api.location.mapConfig),
    company('push/key', api.push.key),
    company('report/org', api.report.org, () => ({ weeks: any([8, 12, 26]) })),
    company('audit/list', api.audit.list, () => ({ page: 1, size: 20 })),
    // A page of the live map's read of the 20 000-terminal company: after one of its terminals, or the
    // first page as often as a map load reads it (one page in 40).
    company(
      'location/fleet',
      api.location.fleet,
      (): Params => (random(40) === 0 ? {} : { after: any(s.bigTerminals) }),
    ),
    company('recording/list', api.recording.list, () => page(c.recordings)),
  ];
  const measured = new Set(reads.map((r) => r.endpoint));
  const forgotten = allEndpoints().filter(
    (e) => (e.method === 'GET' || postedReads.includes(e)) && !measured.has(e) && !notMeasured.has(e),
  );
  if (forgotten.length)
    throw new Error(`reads neither measured nor set aside: ${forgotten.map((e) => e.path).join(', ')}`);
  return reads.map((r) => ({
    name: `${r.as === 'agent' ? 'agent' : 'company'}: ${r.name}`,
    p99Ms: searches.has(r.name) ? Budget.searchP99Ms : Budget.readP99Ms,
    requests: Array.from({ length: 500 }, () => {
      const params = { ...(r.as === 'agent' ? s.top : s.big), ...r.params() };
      return { method: r.endpoint.method, path: pathOf(r.endpoint, params) };
    }),
  }));
}
