import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { findPage, renderRoute } from '../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (list: unknown[]) => ({ data: { list, page: 1, size: 20, total: list.length } });
const radios = [
  { id: 11, name: 'Radio 11', ssid: '860000000000011' },
  { id: 12, name: 'Radio 12', ssid: '860000000000012' },
  { id: 13, name: 'Radio 13', ssid: '860000000000013' },
];
const group = {
  id: 7,
  name: 'Convoy',
  org_id: 3,
  org_name: 'Harbour',
  compere: { id: 12, name: 'Radio 12' },
};

const sent = (fetch: ReturnType<typeof mockApi>, path: string) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

const isChecked = (testId: string) =>
  screen.getByTestId(testId).classList.contains('adm-check-list-item-active');

describe('terminal picker', () => {
  it('searches by SSID or name, keeps several picks across searches and sends them together', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.group.detail.path]: { data: group },
      [api.group.unMembers.path]: (url) => {
        const keyword = url.searchParams.get('keyword');
        return page(keyword ? radios.filter((r) => r.ssid.endsWith(keyword) || r.name === keyword) : radios);
      },
      [api.group.addMembers.path]: { data: { added: 2 } },
    });
    renderRoute('/unMembers?id=7');
    await findPage('un-members');
    fireEvent.click(await screen.findByTestId('check-860000000000011'));
    expect(isChecked('check-860000000000011')).toBe(true);

    const search = screen.getByPlaceholderText('Search SSID(IMEI) or name') as HTMLInputElement;
    fireEvent.change(search, { target: { value: ' 013 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(await screen.findByTestId('check-860000000000013'));
    expect(screen.queryByTestId('check-860000000000011')).toBeNull();
    expect(sent(fetch, api.group.unMembers.path).at(-1)?.searchParams.get('keyword')).toBe('013');

    fireEvent.click(screen.getByTestId('add-members'));
    await waitFor(() => expect(sent(fetch, api.group.addMembers.path)).toHaveLength(1));
    expect(sent(fetch, api.group.addMembers.path)[0]?.searchParams.get('terminalIds')).toBe('11,13');
    // The first test of the file loads the lazy page's modules.
  }, 15_000);

  it('chooses one member or nobody, starting from the current choice', async () => {
    signIn(1);
    const members = radios.map((r) => ({
      terminal_id: r.id,
      ssid: r.ssid,
      name: r.name,
      priority: 3,
      is_leader: false,
      is_compere: r.id === 12,
      is_default: false,
    }));
    const fetch = mockApi({
      [api.group.detail.path]: { data: group },
      [api.group.members.path]: page(members),
      [api.group.setCompere.path]: {},
    });
    renderRoute('/compereAdd?id=7');
    await findPage('compere-add');
    await waitFor(() => expect(isChecked('check-860000000000012')).toBe(true));
    expect(screen.queryByPlaceholderText('Search SSID(IMEI) or name')).toBeNull();

    fireEvent.click(screen.getByTestId('check-860000000000013'));
    expect(isChecked('check-860000000000013')).toBe(true);
    expect(isChecked('check-860000000000012')).toBe(false);
    fireEvent.click(screen.getByTestId('check-none'));
    expect(isChecked('check-none')).toBe(true);
    expect(isChecked('check-860000000000013')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent(fetch, api.group.setCompere.path)).toHaveLength(1));
    expect(sent(fetch, api.group.setCompere.path)[0]?.searchParams.get('terminalId')).toBe('0');
  });
});
