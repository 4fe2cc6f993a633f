import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, type MockReply, mockApi, signIn } from '../../../test/api-mock.ts';
import { agentHomeReplies, agentInfo, allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const empty = { data: { list: [], total: 0, page: 1, size: 20 } };
const replies = (path: string, extra: Record<string, MockReply> = {}) => ({
  ...agentHomeReplies(path, { video_card: 0, super_card: 0 }),
  [api.agent.list.path]: empty,
  [api.agent.orgs.path]: empty,
  ...extra,
});

describe('agent management', { timeout: 15_000 }, () => {
  it.each(['/agentAdd', '/agentList'])('sends a sub-agent from %s home with a message', async (path) => {
    signIn(0);
    const fetch = mockApi(replies('A001B002'));
    renderRoute(path);
    await findPage('home-agent');
    expect(await screen.findByText('Only top-level agents can do this')).toBeTruthy();
    expect(callsOn(fetch, api.agent.list.path)).toHaveLength(0);
  });

  it('creates a sub-agent with the rules of SPEC §5 and only the card types the caller has', async () => {
    signIn(0);
    const fetch = mockApi(replies('A001', { [api.agent.add.path]: { data: { id: 42 } } }));
    renderRoute('/agentAdd');
    await findPage('agent-add');
    await screen.findByTestId('switch-sos');
    // Every text field says what it takes before anything is typed.
    const blank = [...document.querySelectorAll<HTMLInputElement>('#agent-add input:not([type=checkbox])')]
      .filter((input) => !input.placeholder)
      .map((input) => input.id);
    expect(blank).toEqual([]);
    expect((screen.getByLabelText('Login account') as HTMLInputElement).placeholder).toBe(
      '6–20 letters, digits or _',
    );
    expect(screen.queryByTestId('switch-video')).toBeNull();
    expect(screen.getByTestId('switch-voice').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Login account'), { target: { value: 'ab' } });
    fireEvent.submit(document.getElementById('agent-add') as HTMLFormElement);
    expect(await screen.findByText(/Agent name: 4-20/)).toBeTruthy();
    expect(callsOn(fetch, api.agent.add.path)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'Reseller2' } });
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'Ivy' } });
    fireEvent.change(screen.getByLabelText('Login account'), { target: { value: 'reseller02' } });
    fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'pass1234' } });
    fireEvent.click(screen.getByTestId('switch-sos'));
    // The refused try sent nothing, so it held no double-click window: the corrected form goes at once.
    fireEvent.submit(document.getElementById('agent-add') as HTMLFormElement);
    await waitFor(() => expect(callsOn(fetch, api.agent.add.path)).toHaveLength(1));
    const add = callsOn(fetch, api.agent.add.path)[0]?.searchParams;
    expect(add?.get('name')).toBe('Reseller2');
    expect(add?.get('blance')).toBe('1');
    expect(add?.get('sos_card')).toBe('1');
    expect(add?.get('recording_card')).toBe('0');
    expect(add?.get('video_card')).toBe('0');
    expect(add?.has('phone')).toBe(false);
    await findPage('agent-detail');
  });

  it('switches a card type of a sub-agent through updateAgent', async () => {
    signIn(0);
    const detail = {
      ...agentInfo({ id: 2, name: 'Sub', path: 'A001B002', blance: 7 }),
      card_switch: allOn({ path: 'A001B002', recording_card: 0, video_card: 0, super_card: 0 }),
      parent_name: 'agent01',
      org_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const fetch = mockApi(
      replies('A001', { [api.agent.detail.path]: { data: detail }, [api.agent.updateAgent.path]: {} }),
    );
    renderRoute('/agentDetail?id=2');
    await findPage('agent-detail');
    expect((await screen.findByTestId('balance-voice')).textContent).toContain('7');
    expect(screen.queryByTestId('balance-recording')).toBeNull();
    expect(await screen.findByText('This agent has no companies yet.')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('switch-recording'));
    await waitFor(() => expect(callsOn(fetch, api.agent.updateAgent.path)).toHaveLength(1));
    const update = callsOn(fetch, api.agent.updateAgent.path)[0]?.searchParams;
    expect(update?.get('id')).toBe('2');
    expect(update?.get('recording_card')).toBe('1');
    expect(update?.get('super_card')).toBe('0');
  });

  it.each([
    ['sell', 'Sell cards', 'Your balance: 100 · Sub holds 7'],
    ['recycle', 'Take cards back', 'Sub holds 7'],
  ])(
    'opens a %s to the sub-agent from its detail, the agent chosen and its balance shown',
    async (mode, label, hint) => {
      signIn(0);
      const detail = {
        ...agentInfo({ id: 2, name: 'Sub', path: 'A001B002', blance: 7 }),
        card_switch: allOn({ path: 'A001B002' }),
        parent_name: 'agent01',
        org_count: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      };
      mockApi(replies('A001', { [api.agent.detail.path]: { data: detail } }));
      const view = renderRoute('/agentDetail?id=2');
      await findPage('agent-detail');
      const link = await screen.findByText(label);
      fireEvent.click(link);
      await findPage('sales-add');
      expect(view.search()).toBe(`?mode=${mode}`);
      expect(await screen.findByText('Sub')).toBeTruthy();
      fireEvent.click(await screen.findByTestId('sale-card-voice'));
      expect(await screen.findByText(hint)).toBeTruthy();
    },
  );
});
