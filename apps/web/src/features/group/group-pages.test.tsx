import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn, watchDownloads } from '../../../test/api-mock.ts';
import { noExpiries } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { localDay } from '../../lib/dates.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (id: number, name: string, selfCreated: boolean) => ({
  id,
  name,
  org_id: 7,
  org_name: 'TaxiCo',
  member_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  self_created: selfCreated,
});

describe('self-created groups', { timeout: 20_000 }, () => {
  it('marks the groups terminals created in the list', async () => {
    signIn(1);
    mockApi({
      [api.group.list.path]: {
        data: { list: [summary(2, 'Convoy', true), summary(1, 'Desk', false)], total: 2, page: 1, size: 20 },
      },
    });
    renderRoute('/groupList');
    await findPage('group-list');
    expect((await screen.findByTestId('self-created-2')).textContent).toBe('Self-created');
    expect(screen.queryByTestId('self-created-1')).toBeNull();
  });

  it('names the owner terminal with the mark in the detail', async () => {
    signIn(1);
    mockApi({
      [api.group.detail.path]: {
        data: {
          ...summary(2, 'Convoy', true),
          leader: { id: 5, name: 'Radio5' },
          compere: null,
          owner: { id: 5, name: 'Radio5' },
        },
      },
    });
    renderRoute('/groupDetail?id=2');
    await findPage('group-detail');
    expect((await screen.findByTestId('group-owner')).textContent).toBe('Radio5Self-created');
  });
});

describe('listening groups', () => {
  it('names the user and offers neither its own groups nor those it already listens to', async () => {
    signIn(1);
    mockApi({
      [api.terminal.detail.path]: {
        data: {
          id: 4,
          ssid: '359000000000004',
          name: 'Car4',
          org_id: 7,
          org_name: 'TaxiCo',
          user_type: 0,
          expiries: noExpiries,
          created_at: '2026-01-01',
          iccid: '',
          remark: '',
          dispatcher: false,
          warranty: null,
          default_group: { id: 1, name: 'Convoy' },
          groups: [{ id: 1, name: 'Convoy', priority: 3 }],
        },
      },
      [api.group.listening.path]: { data: [{ id: 2, name: 'Night' }] },
      [api.group.list.path]: {
        data: {
          list: [summary(1, 'Convoy', false), summary(2, 'Night', false), summary(3, 'Airport', false)],
          total: 3,
          page: 1,
          size: 20,
        },
      },
    });
    renderRoute('/ListeningGroupAdd?terminalId=4');
    await findPage('listening-group-add');
    await screen.findByText('Car4 · Add listening groups');
    const own = await screen.findByTestId('check-Convoy');
    expect(own.textContent).toContain('Its own group');
    expect(own.className).toContain('disabled');
    expect(screen.getByTestId('check-Night').textContent).toContain('Already listening');
    expect(screen.getByTestId('check-Airport').className).not.toContain('disabled');
  });
});

describe('group members', () => {
  it('keeps the row under the finger when its priority changes: no re-sorted list, the new value in place', async () => {
    signIn(1);
    const member = (n: number, priority: number) => ({
      terminal_id: n,
      ssid: `35900000000000${n}`,
      name: `Car${n}`,
      priority,
      is_leader: false,
      is_compere: false,
      is_default: true,
    });
    const fetch = mockApi({
      [api.group.detail.path]: {
        data: { ...summary(1, 'Convoy', false), leader: null, compere: null, owner: null },
      },
      [api.group.members.path]: {
        data: { list: [member(1, 1), member(2, 3)], total: 2, page: 1, size: 20 },
      },
      [api.group.setPriority.path]: { data: null },
    });
    renderRoute('/groupMembers?id=1');
    await findPage('group-members');
    const select = (await screen.findByTestId('priority-359000000000002')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '1' } });
    const asked = () =>
      fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    await waitFor(() => expect(asked()).toContain(api.group.setPriority.path));
    await waitFor(() => expect(select.value).toBe('1'));
    expect(asked().filter((p) => p === api.group.members.path)).toHaveLength(1);
    const rows = screen.getAllByTestId(/^member-/).map((r) => r.dataset.testid);
    expect(rows).toEqual(['member-359000000000001', 'member-359000000000002']);
  });
});

describe('exporting the group list', () => {
  it('downloads the list as it is searched, in the chosen format, language and zone', async () => {
    signIn(1);
    const spy = mockApi({
      [api.group.list.path]: { data: { list: [summary(1, 'Desk', false)], total: 1, page: 1, size: 20 } },
      [api.group.export.path]: { file: 'a,b\r\n' },
    });
    const saved = watchDownloads();
    renderRoute('/groupList');
    await findPage('group-list');
    const search = screen.getByPlaceholderText('Search groups');
    fireEvent.change(search, { target: { value: 'Desk' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('export-open'));
    fireEvent.click(await screen.findByText('Excel workbook (XLSX)'));
    await waitFor(() => expect(saved).toEqual([`groups-${localDay()}.xlsx`]));
    const [url] = callsOn(spy, api.group.export.path);
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      keyword: 'Desk',
      format: 'xlsx',
      lang: 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(url?.searchParams.get('access_token')).toBeTruthy();
  });
});
