import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { answerDialog } from '../../../test/dialog.ts';
import { agentInfo, allOn, noExpiries } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { setTransportHooks } from '../../api/transport-hooks.ts';
import { expiryKind } from './expiry.ts';
import { ExpiryText } from './expiry-text.tsx';
import { putSelection } from './selection.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setTransportHooks({ toast: () => {} });
});

/** A chosen user as the server reads it again before a renewal. */
const row = (
  id: number,
  userType: number,
  expiries: Partial<Record<keyof typeof noExpiries, string | null>> = {},
) => ({
  id,
  ssid: `35900000000000${id}`,
  name: `Car${id}`,
  user_type: userType,
  expiries: { ...noExpiries, voice: '2027-01-01', ...expiries },
});

/** A user's detail as the server answers it: Car<id> of Taxi Co, with no profile, warranty or group. */
const detail = (id: number, overrides: Record<string, unknown> = {}) => ({
  ...row(id, 0),
  org_id: 3,
  org_name: 'Taxi Co',
  created_at: '2026-01-01',
  iccid: '',
  remark: '',
  dispatcher: false,
  warranty: null,
  default_group: null,
  groups: [],
  ...overrides,
});

describe('expiry display', { timeout: 15_000 }, () => {
  it('reads 2035 and later as permanent, earlier dates as running or past', () => {
    const today = new Date('2026-06-01T00:00:00Z');
    expect(expiryKind('2035-01-01', today)).toBe('permanent');
    expect(expiryKind('2099-12-31 00:00:00', today)).toBe('permanent');
    expect(expiryKind('2034-12-31', today)).toBe('active');
    expect(expiryKind('2026-05-31', today)).toBe('expired');
    expect(expiryKind(null, today)).toBe('none');
  });

  it('shows Permanent, the date or Not activated', () => {
    render(
      <>
        <ExpiryText date="2035-01-01" />
        <ExpiryText date="2999-01-01" />
        <ExpiryText date={null} />
      </>,
    );
    expect(screen.getAllByText('Permanent')).toHaveLength(2);
    expect(screen.getByText('Not activated')).toBeTruthy();
  });

  it('lists every function of a user with its expiry on the detail page', async () => {
    signIn(0);
    mockApi({
      [api.terminal.detail.path]: {
        data: detail(4, {
          user_type: 1,
          expiries: { ...noExpiries, voice: '2027-03-01', recording: '2035-01-01', sos: '2040-01-01' },
          warranty: '2027-01-01',
          default_group: { id: 8, name: 'Convoy' },
          groups: [
            { id: 8, name: 'Convoy', priority: 3 },
            { id: 9, name: 'Night', priority: 2 },
          ],
        }),
      },
    });
    renderRoute('/userDetail?id=4');
    await findPage('user-detail');
    expect((await screen.findByTestId('expiry-voice')).textContent).toBe('until 2027-03-01');
    // Only a group that is not the default already is offered as the default.
    expect(screen.getByTestId('is-default-8').textContent).toBe('Default');
    expect(screen.queryByTestId('make-default-8')).toBeNull();
    expect(screen.getByTestId('make-default-9')).toBeTruthy();
    expect(screen.getByTestId('expiry-recording').textContent).toBe('Permanent');
    expect(screen.getByTestId('expiry-sos').textContent).toBe('Permanent');
    expect(screen.getByRole('link', { name: 'Changes to this user' }).getAttribute('href')).toMatch(
      /^\/audit\?targetKind=terminal&targetId=4&targetName=/,
    );
    expect(screen.getByTestId('expiry-location').textContent).toBe('Not activated');
    // What the missing functions mean is said: no kept positions, no fence; SOS and Recording are there.
    expect(screen.getByTestId('function-note-location')).toBeTruthy();
    expect(screen.getByTestId('function-note-fence')).toBeTruthy();
    expect(screen.queryByTestId('function-note-sos')).toBeNull();
  });

  it('says why a radio without an SOS function cannot raise SOS', async () => {
    signIn(1);
    mockApi({
      [api.terminal.detail.path]: {
        data: detail(5, {
          name: 'Radio5',
          expiries: {
            ...noExpiries,
            voice: '2027-03-01',
            location: '2027-03-01',
            fence: '2027-03-01',
            recording: '2020-01-01',
          },
          warranty: '2027-01-01',
        }),
      },
    });
    renderRoute('/userDetail?id=5');
    await findPage('user-detail');
    expect((await screen.findByTestId('function-note-sos')).textContent).toBe(
      'Cannot raise SOS: its SOS function is not active. The radio is refused when it tries.',
    );
    expect(screen.getByTestId('function-note-recording').textContent).toMatch(/not recorded/);
    expect(screen.queryByTestId('function-note-location')).toBeNull();
    expect(screen.getByTestId('function-notes').textContent).toMatch(/Ask your agent to activate it/);
  });
});

describe('deleting a user', { timeout: 15_000 }, () => {
  it('lands on the list with the success toast only, not the deleted record\'s "does not exist"', async () => {
    signIn(0);
    const toast = vi.fn();
    setTransportHooks({ toast });
    let deleted = false;
    const gone = { code: Code.notFound, msg: Messages.notFound };
    mockApi({
      [api.terminal.detail.path]: () =>
        deleted ? gone : { data: detail(4, { expiries: { ...noExpiries, voice: '2027-03-01' } }) },
      [api.location.last.path]: () => (deleted ? gone : { data: null }),
      [api.group.listening.path]: () => (deleted ? gone : { data: [] }),
      [api.terminal.cardBack.path]: () => {
        deleted = true;
        return { data: { deleted: 1, returned: 1 } };
      },
      [api.terminal.list.path]: { data: { list: [], total: 0, page: 1, size: 20 } },
    });
    renderRoute('/userDetail?id=4');
    await findPage('user-detail');
    await screen.findByText(/No position reported yet/);
    toast.mockClear();
    fireEvent.click(screen.getByTestId('user-delete'));
    await answerDialog(
      'Delete 1 user? Cards of services started in the last 30 days go back to you.',
      'Confirm',
    );
    await findPage('user-list');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await screen.findByText('Users deleted: 1. Cards refunded: 1.')).toBeTruthy();
    expect(toast).not.toHaveBeenCalledWith('The record does not exist');
  });
});

describe('activation', () => {
  it("says 'Please select a user' when nobody was chosen", async () => {
    signIn(0);
    const fetch = mockApi({});
    renderRoute('/activationConfirm');
    await findPage('activation-confirm');
    fireEvent.click(screen.getByTestId('renew-submit'));
    expect(await screen.findByText('Please select a user')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.addService.path))).toBe(false);
  });

  it('renews the chosen function for the chosen users', async () => {
    signIn(0);
    putSelection([
      { id: 4, name: 'Car4', ssid: '359000000000004' },
      { id: 5, name: 'Car5', ssid: '359000000000005' },
    ]);
    const fetch = mockApi({
      [api.terminal.selected.path]: { data: { list: [row(4, 0), row(5, 0)], total: 2 } },
      [api.terminal.addService.path]: { data: { renewed: 2, skipped: 0 } },
      [api.profile.agent.path]: { data: agentInfo({ recording_card: 30 }) },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
    });
    renderRoute('/activationConfirm');
    await findPage('activation-confirm');
    fireEvent.click(await screen.findByTestId('renew-card-recording'));
    expect((await screen.findByTestId('renew-balance')).textContent).toBe('Your Recording balance: 30');
    fireEvent.click(screen.getByTestId('renew-submit'));
    const question = 'Use 2 Recording cards to renew 2 users, one card each? Your balance: 30 → 28';
    await screen.findByText(question);
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.addService.path))).toBe(false);
    await answerDialog(question, 'Confirm');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) =>
          String(u).includes(`${api.terminal.addService.path}?ids=4%2C5&cardType=1`),
        ),
      ).toBe(true),
    );
    // Two users go back to the list, after the toast has been shown.
    await findPage('user-list');
  });
});

describe('card change', () => {
  it('refuses a new SSID in use under its field before asking to change the card', async () => {
    signIn(1);
    const fetch = mockApi({ [api.terminal.checkSsids.path]: { data: { taken: ['359000000000009'] } } });
    renderRoute('/changeCard?ssid=359000000000004');
    await findPage('change-card');
    const input = screen.getByLabelText('New SSID(IMEI)') as HTMLInputElement;
    expect(input.placeholder).toBe('15 digits, on the radio’s label');
    fireEvent.change(input, { target: { value: '359000000000009' } });
    fireEvent.submit(document.getElementById('change-card') as HTMLFormElement);
    expect(await screen.findByText('The entered new SSID(IMEI) is already in use')).toBeTruthy();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.changecard.path))).toBe(false);
  });
});

describe('renewing a stale or permanent choice', { timeout: 15_000 }, () => {
  it('leaves out a user deleted since it was chosen and renews the others', async () => {
    signIn(0);
    putSelection([
      { id: 4, name: 'Car4', ssid: '359000000000004' },
      { id: 5, name: 'Car5', ssid: '359000000000005' },
      { id: 6, name: 'Car6', ssid: '359000000000006' },
    ]);
    // Car6 is deleted while the page is open: the read before the question finds it gone.
    let existing = [row(4, 0), row(5, 0), row(6, 0)];
    const fetch = mockApi({
      [api.terminal.selected.path]: () => ({ data: { list: existing, total: existing.length } }),
      [api.terminal.addService.path]: { data: { renewed: 2, skipped: 0 } },
      [api.profile.agent.path]: { data: agentInfo({ location_card: 30 }) },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
    });
    renderRoute('/locationPayment');
    await findPage('location-payment');
    await screen.findByTestId('renew-user-6');
    existing = [row(4, 0), row(5, 0)];
    fireEvent.click(screen.getByTestId('renew-submit'));
    const question = 'Use 2 Location cards to renew 2 users, one card each? Your balance: 30 → 28';
    await screen.findByText(question, undefined, { timeout: 5000 });
    expect(screen.getByTestId('renew-gone').textContent).toBe(
      'Car6 was deleted since it was chosen and is left out.',
    );
    expect(screen.queryByTestId('renew-user-6')).toBeNull();
    await answerDialog(question, 'Confirm');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) =>
          String(u).includes(`${api.terminal.addService.path}?ids=4%2C5&cardType=2`),
        ),
      ).toBe(true),
    );
  });

  it('shows a VIP user’s permanent functions as permanent and does not offer them', async () => {
    signIn(0);
    putSelection([{ id: 4, name: 'Car4', ssid: '359000000000004' }]);
    const permanent = {
      recording: '2099-12-31',
      location: '2099-12-31',
      sos: '2099-12-31',
      fence: '2099-12-31',
    };
    mockApi({
      [api.terminal.selected.path]: { data: { list: [row(4, 1, permanent)], total: 1 } },
      [api.profile.agent.path]: { data: agentInfo({ recording_card: 979 }) },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
    });
    renderRoute('/activationConfirm');
    await findPage('activation-confirm');
    const recording = (await screen.findByText(/Recording · Permanent/)).closest(
      'button',
    ) as HTMLButtonElement;
    await waitFor(() => expect(recording.disabled).toBe(true));
    expect((screen.getByTestId('renew-card-video') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(recording);
    fireEvent.click(screen.getByTestId('renew-submit'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/979 → 978/)).toBeNull();
  });
});

describe('completing a profile', { timeout: 15_000 }, () => {
  it('says what each field takes', async () => {
    signIn(1);
    mockApi({
      [api.terminal.detail.path]: { data: detail(4) },
    });
    renderRoute('/perfect?id=4');
    await findPage('perfect-page');
    await screen.findByDisplayValue('Car4');
    const blank = [...document.querySelectorAll<HTMLInputElement>('.page input, .page textarea')]
      .filter((input) => !input.placeholder)
      .map((input) => input.id);
    expect(blank).toEqual([]);
  });
});
