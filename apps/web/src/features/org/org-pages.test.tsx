import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, type MockReply, mockApi, signIn } from '../../../test/api-mock.ts';
import { dialogButton, dialogClosed } from '../../../test/dialog.ts';
import { agentHomeReplies, agentInfo, orgInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const detail = {
  id: 7,
  corg_name: 'TaxiCo',
  contact: 'Jon',
  account: 'taxico01',
  phone: '',
  email: '',
  address: '',
  region: '',
  agent_id: 1,
  agent_name: 'Demo_Agent',
  toggles: { binding_platform: 0, member_display: 1, noise_reduction: 0, gps: 0, single_call: 1 },
  group_count: 2,
  user_count: 6,
  servers: [{ server_type: 'enclosure', intranet_ip: '10.0.0.12', intranet_port: 8090 }],
  reminder_sms: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

const replies = (extra: Record<string, MockReply | ((url: URL) => MockReply)> = {}) => ({
  ...agentHomeReplies(),
  [api.agent.orgs.path]: { data: { list: [], total: 0, page: 1, size: 20 } },
  [api.org.info.path]: { data: detail },
  ...extra,
});

describe('company management', { timeout: 20_000 }, () => {
  it('shows the profile, counts and fence server, and sends one service toggle at a time', async () => {
    signIn(0);
    const fetch = mockApi(replies({ [api.org.setBindingPlatform.path]: {} }));
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    expect((await screen.findByTestId('org-users')).textContent).toContain('6');
    expect(screen.getByTestId('org-groups').textContent).toContain('2');
    expect(screen.getByText('Fence server')).toBeTruthy();
    const link = screen.getByTestId('fence-server-link');
    expect(link.getAttribute('href')).toBe('http://10.0.0.12:8090/fencelist?org_id=7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByTestId('toggle-gps'));
    await waitFor(() => expect(callsOn(fetch, api.org.setBindingPlatform.path)).toHaveLength(1));
    const toggle = callsOn(fetch, api.org.setBindingPlatform.path)[0]?.searchParams;
    expect(toggle?.get('id')).toBe('7');
    expect(toggle?.get('gps')).toBe('1');
    expect(toggle?.has('single_call')).toBe(false);
    // The switch moves at once; the word comes when the server has it.
    expect(await screen.findByText('GPS turned on')).toBeTruthy();
  });

  it("turns the company's expiry reminder SMS off, and links to its expiring services", async () => {
    signIn(0);
    let on = true;
    const fetch = mockApi(
      replies({
        [api.org.info.path]: () => ({ data: { ...detail, phone: '13800138000', reminder_sms: on } }),
        [api.org.setReminderSms.path]: (url: URL) => {
          on = url.searchParams.get('enabled') === '1';
          return { data: null };
        },
      }),
    );
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    expect((await screen.findByTestId('org-expiring')).getAttribute('href')).toBe(
      '/expiring?orgId=7&orgName=TaxiCo',
    );
    expect(screen.getByTestId('org-report').getAttribute('href')).toBe('/reports?orgId=7&orgName=TaxiCo');
    expect(screen.getByRole('link', { name: 'Changes to this company' }).getAttribute('href')).toBe(
      '/audit?orgId=7&orgName=TaxiCo',
    );
    const sms = screen.getByTestId('reminder-sms');
    expect(sms.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('reminder-sms-no-mobile')).toBeNull();
    fireEvent.click(sms);
    await waitFor(() => expect(callsOn(fetch, api.org.setReminderSms.path)).toHaveLength(1));
    const params = callsOn(fetch, api.org.setReminderSms.path)[0]?.searchParams;
    expect(params?.get('id')).toBe('7');
    expect(params?.get('enabled')).toBe('0');
    await waitFor(() =>
      expect(screen.getByTestId('reminder-sms').getAttribute('aria-checked')).toBe('false'),
    );
    expect(await screen.findByText('Expiry reminder SMS off')).toBeTruthy();
  });

  it('deletes a company only after the confirmation and returns to the list', async () => {
    signIn(0);
    const fetch = mockApi(
      replies({
        [api.org.deletingUnit.path]: {},
        [api.org.info.path]: { data: { ...detail, user_count: 0 } },
      }),
    );
    const view = renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    fireEvent.click(await screen.findByTestId('org-delete'));
    // The dialog loads on first use; it says what goes with the company.
    expect(
      await screen.findByText(
        'Delete TaxiCo? It has no users; its 2 groups go with it. This cannot be undone.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(await dialogButton('Cancel'));
    await dialogClosed();
    expect(callsOn(fetch, api.org.deletingUnit.path)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('org-delete'));
    fireEvent.click(await dialogButton('Delete company'));
    await waitFor(() => expect(callsOn(fetch, api.org.deletingUnit.path)).toHaveLength(1));
    expect(callsOn(fetch, api.org.deletingUnit.path)[0]?.searchParams.get('id')).toBe('7');
    await findPage('org-list');
    expect(view.pathname()).toBe('/orgList');
  });

  it('says how many users a company still has instead of asking to delete it, and leads to them', async () => {
    signIn(0);
    const fetch = mockApi(
      replies({ [api.terminal.list.path]: { data: { list: [], total: 0, page: 1, size: 20 } } }),
    );
    const view = renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    await screen.findByText('TaxiCo');
    fireEvent.click(await screen.findByTestId('org-delete'));
    const text = 'TaxiCo still has 6 users. Move or delete them first, then delete the company.';
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(await dialogButton('Show its users'));
    await findPage('user-list');
    expect(view.search()).toBe('?orgId=7&orgName=TaxiCo');
    expect(callsOn(fetch, api.org.deletingUnit.path)).toHaveLength(0);
    await waitFor(() =>
      expect(callsOn(fetch, api.terminal.list.path).some((u) => u.searchParams.get('orgId') === '7')).toBe(
        true,
      ),
    );
  });

  it('lets a top-level agent move the company to one of its sub-agents after confirming', async () => {
    signIn(0);
    const sub = { id: 12, name: 'Reseller', account: 'sub00001', contact: 'Sam', phone: '', created_at: '' };
    const fetch = mockApi(
      replies({
        [api.org.info.path]: { data: { ...detail, agent_id: 11, agent_name: 'agent01' } },
        [api.agent.list.path]: { data: { list: [sub], total: 1, page: 1, size: 20 } },
        [api.org.changeAgent.path]: { data: null },
      }),
    );
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    fireEvent.click(await screen.findByTestId('org-change-agent'));
    // The company's agent now is shown but cannot be chosen.
    expect((await screen.findByTestId('change-agent-to-11')).hasAttribute('disabled')).toBe(true);
    fireEvent.click(await screen.findByTestId('change-agent-to-12'));
    expect(
      await screen.findByText(
        'Move TaxiCo with its users, groups and records to Reseller?',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(await dialogButton('Change agent'));
    await waitFor(() => expect(callsOn(fetch, api.org.changeAgent.path)).toHaveLength(1));
    const moved = callsOn(fetch, api.org.changeAgent.path)[0]?.searchParams;
    expect([moved?.get('orgId'), moved?.get('agentId')]).toEqual(['7', '12']);
    expect(await screen.findByText('TaxiCo now belongs to Reseller')).toBeTruthy();
  });

  it('offers no agent change to a sub-agent', async () => {
    signIn(0);
    mockApi(replies({ [api.profile.agent.path]: { data: agentInfo({ path: 'A001B002' }) } }));
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    await screen.findByTestId('org-delete');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('org-change-agent')).toBeNull();
  });

  it('creates a company with the rules of SPEC §5', async () => {
    signIn(0);
    const fetch = mockApi(replies({ [api.org.add.path]: { data: { id: 7 } } }));
    renderRoute('/orgAdd');
    await findPage('org-add');
    const blank = [...document.querySelectorAll<HTMLInputElement>('#org-add input')]
      .filter((input) => !input.placeholder)
      .map((input) => input.id);
    expect(blank).toEqual([]);
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: '_ab' } });
    fireEvent.submit(document.getElementById('org-add') as HTMLFormElement);
    expect(await screen.findByText(/Company name: 4-20/)).toBeTruthy();
    expect(callsOn(fetch, api.org.add.path)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'TaxiCo' } });
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'Jon' } });
    fireEvent.change(screen.getByLabelText('Login account'), { target: { value: 'taxico01' } });
    fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'pass1234' } });
    // The refused try sent nothing, so it held no double-click window: the corrected form goes at once.
    fireEvent.submit(document.getElementById('org-add') as HTMLFormElement);
    await waitFor(() => expect(callsOn(fetch, api.org.add.path)).toHaveLength(1));
    const add = callsOn(fetch, api.org.add.path)[0]?.searchParams;
    expect(add?.get('name')).toBe('TaxiCo');
    expect(add?.get('account')).toBe('taxico01');
    expect(add?.has('phone')).toBe(false);
    expect(add?.has('region')).toBe(false);
    await findPage('org-detail');
  });
});

describe("a company's own reminder SMS", { timeout: 15_000 }, () => {
  it('says no text will go while the company has no mobile number', async () => {
    signIn(0);
    mockApi(replies({ [api.org.info.path]: { data: { ...detail, phone: '', reminder_sms: true } } }));
    renderRoute('/orgDetail?id=7');
    await findPage('org-detail');
    expect(await screen.findByTestId('reminder-sms-no-mobile')).toBeTruthy();
    expect(
      screen.getByText('This company has no mobile number: no text will go until one is added.'),
    ).toBeTruthy();
  });

  it('is a switch on /orgUser that sends no company id', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.profile.org.path]: { data: orgInfo },
      [api.org.getRegion.path]: { data: { region: '' } },
      [api.org.info.path]: { data: { ...detail, reminder_sms: false } },
      [api.org.setReminderSms.path]: { data: null },
    });
    renderRoute('/orgUser');
    await findPage('profile-page');
    const sms = await screen.findByTestId('reminder-sms');
    expect(sms.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sms);
    await waitFor(() => expect(callsOn(fetch, api.org.setReminderSms.path)).toHaveLength(1));
    const params = callsOn(fetch, api.org.setReminderSms.path)[0]?.searchParams;
    expect(params?.has('id')).toBe(false);
    expect(params?.get('enabled')).toBe('1');
  });
});

describe("a company's region", { timeout: 15_000 }, () => {
  it('is linked from /main, shows its current value and a hint, and shows the saved value on /orgUser', async () => {
    signIn(1);
    let region = '';
    const fetch = mockApi({
      [api.profile.org.path]: { data: orgInfo },
      [api.org.getRegion.path]: () => ({ data: { region } }),
      [api.org.updateRegion.path]: (url: URL) => {
        region = url.searchParams.get('region') ?? '';
        return { data: null };
      },
    });
    const view = renderRoute('/main');
    await findPage('main-page');
    const link = await screen.findByTestId('link-region');
    expect(link.getAttribute('href')).toBe('/upregion');
    await waitFor(() => expect(link.textContent).toContain('Not set'));
    fireEvent.click(link);
    await findPage('org-region-page');
    expect((await screen.findByTestId('region-current')).textContent).toBe('Current region: Not set');
    const input = screen.getByLabelText('Region') as HTMLInputElement;
    expect(input.placeholder).toBe('e.g. Hong Kong, Kowloon');
    expect(screen.getByText(/Where the company works/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Kowloon' } });
    fireEvent.submit(document.getElementById('org-region') as HTMLFormElement);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).includes(api.org.updateRegion.path))).toBe(true),
    );
    await waitFor(() => expect(view.pathname()).toBe('/orgUser'));
    expect((await screen.findByTestId('profile-region')).textContent).toContain('Kowloon');
  });
});
