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
  org_id: null,
  ip: '10.0.0.7',
  action: '/v1/org/updateUnit',
  target_kind: 'org',
  target_ids: [3],
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
    action: '/v1/fence/add',
    target_kind: 'fence',
    target_ids: [9],
    before: null,
    after: { 9: { name: 'Harbour', radius: 300 } },
  }),
  row(0, {
    action: '/v1/feedback/send',
    target_kind: 'feedback',
    target_ids: [5],
    before: null,
    after: { 5: { content: 'Works well' } },
    params: { content: 'Works well' },
  }),
  row(-1, { action: '/v1/org/password', before: null, after: null, params: { id: 3 } }),
];
const pageOf = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const calls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === api.audit.list.path);

describe('/audit, the audit log', { timeout: 20_000 }, () => {
  it('shows who did what, when and from where, with the fields before and after', async () => {
    signIn(0);
    mockApi({ [api.audit.list.path]: pageOf(rows) });
    renderRoute('/audit');
    await findPage('audit-page');
    const [edit, created, sent, reset] = await screen.findAllByTestId('audit-row');
    expect(edit.textContent).toContain('Edited a company');
    expect(edit.textContent).toContain('Company #3');
    expect(edit.textContent).toContain('agent01 (Agent)');
    expect(edit.textContent).toContain('from 10.0.0.7');
    expect(within(edit).getByText('Carol Wong').tagName).toBe('DEL');
    expect(within(edit).getByText('Carl Wong').tagName).toBe('INS');
    expect(created.textContent).toContain('company01 (Company)');
    expect(created.textContent).toContain('created');
    expect(created.textContent).toContain('Harbour');
    expect(sent.textContent).toContain('Feedback #5');
    expect(within(sent).getByTestId('audit-change').textContent).toContain('Works well');
    // A password's change keeps no field: the row shows what was sent, its secret left out.
    expect(reset.textContent).toContain('Company #3');
    expect(within(reset).getByTestId('audit-params').textContent).toContain('id');
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
    expect(screen.getByTestId('audit-org-button').textContent).toContain('全部单位');
  });
});
