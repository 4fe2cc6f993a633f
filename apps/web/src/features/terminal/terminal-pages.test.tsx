import { api } from '@ptt/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { answerDialog } from '../../../test/dialog.ts';
import { agentInfo, allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { expiryKind } from './expiry.ts';
import { ExpiryText } from './expiry-text.tsx';
import { putSelection } from './selection.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const none = {
  voice: null,
  recording: null,
  location: null,
  sos: null,
  fence: null,
  video: null,
  duplex: null,
};

describe('expiry display', () => {
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
        data: {
          id: 4,
          ssid: '359000000000004',
          name: 'Car4',
          org_id: 3,
          org_name: 'Taxi Co',
          user_type: 1,
          expiries: { ...none, voice: '2027-03-01', recording: '2035-01-01', sos: '2040-01-01' },
          created_at: '2026-01-01',
          iccid: '',
          remark: '',
          dispatcher: false,
          warranty: '2027-01-01',
          default_group: { id: 8, name: 'Convoy' },
          groups: [
            { id: 8, name: 'Convoy', priority: 3 },
            { id: 9, name: 'Night', priority: 2 },
          ],
        },
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
        data: {
          id: 5,
          ssid: '359000000000005',
          name: 'Radio5',
          org_id: 3,
          org_name: 'Taxi Co',
          user_type: 0,
          expiries: {
            ...none,
            voice: '2027-03-01',
            location: '2027-03-01',
            fence: '2027-03-01',
            recording: '2020-01-01',
          },
          created_at: '2026-01-01',
          iccid: '',
          remark: '',
          dispatcher: false,
          warranty: '2027-01-01',
          default_group: null,
          groups: [],
        },
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
