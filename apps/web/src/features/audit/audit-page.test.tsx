import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn, watchDownloads } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';
import { localDay } from '../../lib/dates.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-20T08:30:00.000Z',
  actor_role: 0,
  actor_id: 1,
  actor_account: 'agent01',
  actor_name: 'Demo_Agent',
  org_id: null,
  org_ids: [3],
  ip: '10.0.0.7',
  action: '/v1/org/updateUnit',
  target_kind: 'org',
  target_ids: [3],
  targets: [{ id: 3, name: 'Demo_Company', exists: true }],
  names: {},
  cards: null,
  before: { 3: { contact: 'Carol Wong' } },
  after: { 3: { contact: 'Carl Wong' } },
  params: { id: 3, contact: 'Carl Wong' },
  ...overrides,
});
const rows = [
  row(2),
  row(1, {
    actor_role: 1,
    actor_account: 'company01',
    actor_name: 'Demo_Company',
    action: '/v1/fence/add',
    target_kind: 'fence',
    target_ids: [9],
    targets: [{ id: 9, name: 'Harbour', exists: false }],
    before: null,
    after: { 9: { name: 'Harbour', radius: 300 } },
  }),
  row(0, {
    action: '/v1/feedback/send',
    target_kind: null,
    target_ids: [],
    targets: [],
    before: null,
    after: null,
    params: { content: 'Works well' },
  }),
];
const pageOf = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const calls = (spy: ReturnType<typeof mockApi>) => callsOn(spy, api.audit.list.path);

describe('/audit, the audit log', { timeout: 20_000 }, () => {
  it('shows who did what to which record by name, when and from where, with labelled fields', async () => {
    signIn(0);
    mockApi({ [api.audit.list.path]: pageOf(rows) });
    renderRoute('/audit');
    await findPage('audit-page');
    const [edit, created, sent] = await screen.findAllByTestId('audit-row');
    expect(edit.textContent).toContain('Edited a company');
    const company = within(edit).getByRole('link', { name: 'Demo_Company' });
    expect(company.getAttribute('href')).toBe('/orgDetail?id=3');
    expect(within(edit).getByTestId('audit-actor').textContent).toContain('Demo_Agent · agent01 (Agent)');
    expect(edit.textContent).toContain('from 10.0.0.7');
    expect(within(edit).getByText('Contact').tagName).toBe('DT');
    expect(within(edit).getByText('Carol Wong').tagName).toBe('DEL');
    expect(within(edit).getByText('Carl Wong').tagName).toBe('INS');
    // A deleted fence keeps its name, without a link to a screen it no longer has.
    expect(within(created).getByTestId('audit-target').textContent).toBe('Fence Harbour');
    expect(within(created).queryByRole('link')).toBeNull();
    expect(created.textContent).toContain('created');
    expect(created.textContent).toContain('Radius (m)300');
    expect(within(sent).getByTestId('audit-params').textContent).toContain('ContentWorks well');
  });

  it('reads expiries as dates, switches as on/off, balances by card, and hides the scope’s ids', async () => {
    signIn(0);
    mockApi({
      [api.audit.list.path]: pageOf([
        row(5, {
          action: '/v1/terminal/addService',
          target_kind: 'terminal',
          target_ids: [7],
          targets: [{ id: 7, name: 'Unit 7', exists: true }],
          names: { agent: { '1': 'Demo_Agent' } },
          before: { 7: { voiceExpires: '2026-12-03', dispatcher: false, agentPath: 'AAAA' } },
          after: { 7: { voiceExpires: '2027-12-03', dispatcher: true, agentPath: 'AAAB' } },
          cards: [{ agent_id: 1, card_type: 0, before: 120, after: 110 }],
        }),
      ]),
    });
    renderRoute('/audit');
    await findPage('audit-page');
    const [renewed] = await screen.findAllByTestId('audit-row');
    expect(renewed.textContent).toContain('Voice until');
    expect(within(renewed).getByText('Dec 3, 2026').tagName).toBe('DEL');
    expect(within(renewed).getByText('Dec 3, 2027').tagName).toBe('INS');
    expect(renewed.textContent).toContain('Dispatcheroff → on');
    expect(renewed.textContent).not.toContain('agentPath');
    expect(within(renewed).getByTestId('audit-cards').textContent).toBe('Voice cards (Demo_Agent)120 → 110');
    expect(within(renewed).getByRole('link', { name: 'Unit 7' }).getAttribute('href')).toBe(
      '/userDetail?id=7',
    );
  });

  it('shows a batch as one line that opens to each record’s', async () => {
    signIn(0);
    const ids = Array.from({ length: 20 }, (_, i) => 100 + i);
    mockApi({
      [api.audit.list.path]: pageOf([
        row(6, {
          action: '/v1/terminal/import',
          target_kind: 'terminal',
          target_ids: ids,
          targets: ids.map((id) => ({ id, name: `Crew${id}`, exists: true })),
          before: null,
          after: Object.fromEntries(ids.map((id) => [id, { name: `Crew${id}`, ssid: `35912300000${id}` }])),
        }),
      ]),
    });
    renderRoute('/audit');
    await findPage('audit-page');
    const [imported] = await screen.findAllByTestId('audit-row');
    expect(within(imported).getByTestId('audit-title').textContent).toBe('Imported 20 users');
    expect(within(imported).queryAllByTestId('audit-change')).toHaveLength(0);
    fireEvent.click(within(imported).getByTestId('audit-toggle'));
    const lines = within(imported).getAllByTestId('audit-change');
    expect(lines).toHaveLength(20);
    expect(lines[0]?.textContent).toContain('User Crew100 · created');
    expect(lines[0]?.textContent).toContain('SSID35912300000100');
  });

  it('asks about one record when its screen opens the log, until all changes are asked for', async () => {
    signIn(1);
    const spy = mockApi({ [api.audit.list.path]: pageOf([]) });
    renderRoute('/audit?targetKind=terminal&targetId=5&targetName=Alice');
    await findPage('audit-page');
    expect((await screen.findByTestId('audit-scope')).textContent).toContain('Changes to User Alice');
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('targetId')).toBe('5'));
    expect(calls(spy).at(-1)?.searchParams.get('targetKind')).toBe('terminal');
    fireEvent.click(screen.getByText('All changes'));
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('targetId')).toBeNull());
    expect(screen.queryByTestId('audit-scope')).toBeNull();
  });

  it('opens with a company chosen from the company’s screen', async () => {
    signIn(0);
    const spy = mockApi({ [api.audit.list.path]: pageOf([]) });
    renderRoute('/audit?orgId=3&orgName=Demo_Company');
    await findPage('audit-page');
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('orgId')).toBe('3'));
    expect(screen.getByTestId('audit-org-button').textContent).toContain('Demo_Company');
  });

  it('asks again with the action, account and days chosen', async () => {
    signIn(0);
    const spy = mockApi({ [api.audit.list.path]: pageOf(rows) });
    renderRoute('/audit');
    await findPage('audit-page');
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: '/v1/fence/add' } });
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('action')).toBe('/v1/fence/add'));
    const actor = screen.getByLabelText('Account');
    fireEvent.change(actor, { target: { value: ' company01 ' } });
    fireEvent.submit(actor.closest('form') as HTMLFormElement);
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('actor')).toBe('company01'));
    fireEvent.click(screen.getByTestId('audit-range-last-7'));
    await waitFor(() => expect(calls(spy).at(-1)?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/));
    expect(calls(spy).at(-1)?.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('downloads the log as it is filtered, in the chosen format and language', async () => {
    signIn(0);
    const spy = mockApi({
      [api.audit.list.path]: pageOf(rows),
      [api.audit.export.path]: { file: 'a,b\r\n' },
    });
    const saved = watchDownloads();
    renderRoute('/audit');
    await findPage('audit-page');
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: '/v1/fence/add' } });
    fireEvent.click(screen.getByTestId('export-open'));
    fireEvent.click(await screen.findByText('Excel workbook (XLSX)'));
    await waitFor(() => expect(saved).toEqual([`audit-${localDay()}.xlsx`]));
    const [url] = callsOn(spy, api.audit.export.path);
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      action: '/v1/fence/add',
      format: 'xlsx',
      lang: 'en',
    });
  });

  it('offers an agent the company filter, not a company', async () => {
    signIn(1);
    mockApi({ [api.audit.list.path]: pageOf([]) });
    renderRoute('/audit');
    await findPage('audit-page');
    expect(await screen.findByText('No changes recorded for this filter.')).toBeTruthy();
    expect(screen.queryByTestId('audit-org-button')).toBeNull();
  });

  it('names the actions in Chinese', async () => {
    await changeLanguage('zh-Hans');
    signIn(0);
    mockApi({ [api.audit.list.path]: pageOf(rows) });
    renderRoute('/audit');
    await findPage('audit-page');
    const [edit] = await screen.findAllByTestId('audit-row');
    expect(edit.textContent).toContain('编辑单位');
    expect(edit.textContent).toContain('联系人');
    expect(screen.getByRole('option', { name: '导入用户' })).toBeTruthy();
    expect(screen.getByTestId('audit-org-button').textContent).toContain('全部单位');
  });
});
