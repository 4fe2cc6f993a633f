import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, type MockReply, mockApi, signIn } from '../../../test/api-mock.ts';
import { answerDialog } from '../../../test/dialog.ts';
import { agentInfo, allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { putChoice } from '../../lib/choice.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A top-level agent with 10 voice cards and VIP switched off; the chosen sub-agent holds 3 voice cards
 * and has duplex switched off.
 */
type Replies = Record<string, MockReply | ((url: URL) => MockReply)>;

const replies = (path = 'A001', extra: Replies = {}) => ({
  [api.profile.agent.path]: { data: agentInfo({ path, blance: 10 }) },
  [api.agent.queryCardSwitch.path]: { data: allOn({ path, super_card: 0 }) },
  [api.agent.detail.path]: {
    data: {
      ...agentInfo({ blance: 3, sos_card: 0 }),
      card_switch: allOn({ path: 'A001B007', duplex_card: 0 }),
      parent_name: 'agent01',
      org_count: 0,
      created_at: '2026-01-01 00:00:00',
    },
  },
  [api.agent.blanceAdd.path]: { data: { balance: 5 } },
  [api.agent.cardRecovery.path]: { data: { balance: 12 } },
  [api.jsp.checkPwd.path]: (url: URL) =>
    url.searchParams.get('payPwd') === '123456'
      ? { data: null }
      : { code: Code.rule, msg: Messages.payPwdError },
  [api.agent.getSalesPurchaseRecord.path]: { data: { list: [], total: 0, page: 1, size: 20 } },
  ...extra,
});

/** The double-click guard holds the button for two seconds after a tap. */
const tapSubmit = async () => {
  const submit = screen.getByTestId('sale-submit') as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 3000 });
  fireEvent.click(submit);
};

const openWithAgent = async (extra: Replies = {}) => {
  signIn(0);
  putChoice('agent', { id: 7, name: 'Reseller' });
  const fetch = mockApi(replies('A001', extra));
  renderRoute('/salesAdd');
  await findPage('sales-add');
  expect(await screen.findByText('Reseller')).toBeTruthy();
  return fetch;
};

describe('service card sales', { timeout: 15_000 }, () => {
  it('asks for an agent and a card type before anything is sent', async () => {
    signIn(0);
    const fetch = mockApi(replies());
    renderRoute('/salesAdd');
    await findPage('sales-add');
    fireEvent.click(await screen.findByTestId('sale-submit'));
    expect(await screen.findByText('Please select an agent')).toBeTruthy();
    expect(screen.getByText('Please select a card type')).toBeTruthy();
    expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(0);
  });

  it('offers only switched-on card types, shows the balance and refuses more than it', async () => {
    const fetch = await openWithAgent();
    expect(screen.queryByTestId('sale-card-vip')).toBeNull();
    // The buyer's switch has duplex off: none is offered to sell him, and recycling may take back any.
    await waitFor(() => expect(screen.queryByTestId('sale-card-duplex')).toBeNull());
    fireEvent.click(screen.getByTestId('mode-recycle'));
    expect(await screen.findByTestId('sale-card-duplex')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mode-sell'));
    fireEvent.click(await screen.findByTestId('sale-card-voice'));
    // The buyer's balance stands beside the seller's.
    await screen.findByText('Your balance: 10 · Reseller holds 3');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    expect(await screen.findByText('The minimum quantity is 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '11' } });
    await tapSubmit();
    expect(await screen.findByText('The quantity cannot exceed the balance')).toBeTruthy();
    expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1e1' } });
    await tapSubmit();
    expect(await screen.findByText('Please enter a whole number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '１０' } });
    await tapSubmit();
    expect(await screen.findByText('Sell 10 Voice cards to Reseller? Your balance: 10 → 0')).toBeTruthy();
    expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(0);
    await answerDialog('Sell 10 Voice cards to Reseller? Your balance: 10 → 0', 'Sell');
    await waitFor(() => expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(1));
    const [sale] = callsOn(fetch, api.agent.blanceAdd.path);
    expect(sale?.searchParams.get('agentId')).toBe('7');
    expect(sale?.searchParams.get('cardType')).toBe('0');
    expect(sale?.searchParams.get('quantity')).toBe('10');
    expect(sale?.searchParams.has('payPwd')).toBe(false);
  });

  it('asks for the service card password when the agent has one', async () => {
    const fetch = await openWithAgent({
      [api.profile.agent.path]: { data: agentInfo({ blance: 10, has_pay_pwd: true }) },
    });
    fireEvent.click(await screen.findByTestId('sale-card-voice'));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Service card password'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(0);
    // A wrong password is told before the question: checkPwd refuses it and nothing is asked or sold.
    fireEvent.change(screen.getByLabelText('Service card password'), { target: { value: '654321' } });
    await tapSubmit();
    await waitFor(() => expect(callsOn(fetch, api.jsp.checkPwd.path)).toHaveLength(1));
    expect(screen.queryByText('Sell 2 Voice cards to Reseller? Your balance: 10 → 8')).toBeNull();
    fireEvent.change(screen.getByLabelText('Service card password'), { target: { value: '123456' } });
    await tapSubmit();
    await answerDialog('Sell 2 Voice cards to Reseller? Your balance: 10 → 8', 'Sell');
    await waitFor(() =>
      expect(callsOn(fetch, api.agent.blanceAdd.path)[0]?.searchParams.get('payPwd')).toBe('123456'),
    );
  });

  it('recycles within the sub-agent holding, after a confirmation', async () => {
    const fetch = await openWithAgent();
    fireEvent.click(screen.getByTestId('mode-recycle'));
    fireEvent.click(await screen.findByTestId('sale-card-sos'));
    await screen.findByText('Reseller holds 0');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    expect(await screen.findByText('The amount is 0 and cannot be recycled')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sale-card-voice'));
    // The quantity's message came from the SOS card's holding: another card makes it stale.
    expect(screen.queryByText('The amount is 0 and cannot be recycled')).toBeNull();
    await screen.findByText('Reseller holds 3');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '4' } });
    await tapSubmit();
    expect(await screen.findByText('The quantity cannot exceed the existing amount')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await tapSubmit();
    expect(
      await screen.findByText('Take 2 Voice cards back from Reseller? Reseller holds: 3 → 1'),
    ).toBeTruthy();
    expect(callsOn(fetch, api.agent.cardRecovery.path)).toHaveLength(0);
    await answerDialog('Take 2 Voice cards back from Reseller? Reseller holds: 3 → 1', 'Recycle');
    await waitFor(() => expect(callsOn(fetch, api.agent.cardRecovery.path)).toHaveLength(1));
    expect(callsOn(fetch, api.agent.cardRecovery.path)[0]?.searchParams.get('quantity')).toBe('2');
  });

  it('checks the service card password before a recycling too (DESIGN §4)', async () => {
    const fetch = await openWithAgent({
      [api.profile.agent.path]: { data: agentInfo({ blance: 10, has_pay_pwd: true }) },
    });
    fireEvent.click(screen.getByTestId('mode-recycle'));
    fireEvent.click(await screen.findByTestId('sale-card-voice'));
    await screen.findByText('Reseller holds 3');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Service card password'), { target: { value: '654321' } });
    await tapSubmit();
    await waitFor(() => expect(callsOn(fetch, api.jsp.checkPwd.path)).toHaveLength(1));
    expect(screen.queryByText(/Take 1 Voice card back/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Service card password'), { target: { value: '123456' } });
    await tapSubmit();
    await answerDialog('Take 1 Voice card back from Reseller? Reseller holds: 3 → 2', 'Recycle');
    await waitFor(() =>
      expect(callsOn(fetch, api.agent.cardRecovery.path)[0]?.searchParams.get('payPwd')).toBe('123456'),
    );
  });

  it('returns cards taken back from a sub-agent, after a confirmation with the balance they leave', async () => {
    let open = 4;
    const fetch = await openWithAgent({
      [api.agent.returnable.path]: () => ({ data: { count: open } }),
      [api.agent.returnCards.path]: (url: URL) =>
        url.searchParams.get('quantity') === '3'
          ? { code: Code.rule, msg: Messages.returnOverAmount }
          : { data: { balance: 8 } },
    });
    fireEvent.click(screen.getByTestId('mode-return'));
    expect(await screen.findByText('Cards you took back from the chosen agent go back to it.')).toBeTruthy();
    // Any card the agent's own switch allows, duplex included: the cards were the sub-agent's.
    fireEvent.click(await screen.findByTestId('sale-card-duplex'));
    fireEvent.click(screen.getByTestId('sale-card-voice'));
    await screen.findByText('Your balance: 10 · Up to 4 can go back to Reseller');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '11' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    expect(await screen.findByText('The quantity cannot exceed the balance')).toBeTruthy();
    // More than was taken back is refused under the field, before any question about the balance.
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '5' } });
    await tapSubmit();
    expect(
      await screen.findByText('The quantity cannot exceed the cards taken back from this agent'),
    ).toBeTruthy();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(callsOn(fetch, api.agent.returnCards.path)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    await tapSubmit();
    await answerDialog('Give 3 Voice cards back to Reseller? Your balance: 10 → 7', 'Return');
    // The server bounds a return again under its locks: a refusal keeps what was typed.
    await waitFor(() => expect(callsOn(fetch, api.agent.returnCards.path)).toHaveLength(1));
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('3');
    open = 2;
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await tapSubmit();
    await answerDialog('Give 2 Voice cards back to Reseller? Your balance: 10 → 8', 'Return');
    await waitFor(() => expect(callsOn(fetch, api.agent.returnCards.path)).toHaveLength(2));
    const back = callsOn(fetch, api.agent.returnCards.path)[1]?.searchParams;
    expect([back?.get('agentId'), back?.get('cardType'), back?.get('quantity')]).toEqual(['7', '0', '2']);
    expect(
      await screen.findByText('Gave 2 Voice cards back to Reseller', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsOn(fetch, api.agent.blanceAdd.path)).toHaveLength(0);
  });

  it('comes back to Recycle after choosing the agent to recycle from', async () => {
    signIn(0);
    const agents = { list: [{ id: 8, name: 'Reseller8', account: 'res008', contact: 'Ann' }], total: 1 };
    mockApi(replies('A001', { [api.agent.list.path]: { data: { ...agents, page: 1, size: 20 } } }));
    renderRoute('/salesAdd');
    await findPage('sales-add');
    fireEvent.click(screen.getByTestId('mode-recycle'));
    fireEvent.click(screen.getByTestId('choose-agent'));
    await findPage('agent-choice');
    fireEvent.click(await screen.findByText('Reseller8'));
    await findPage('sales-add');
    expect(await screen.findByText('Reseller8')).toBeTruthy();
    expect(screen.getByTestId('mode-recycle').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('mode-sell').getAttribute('aria-pressed')).toBe('false');
  });

  it('sends a sub-agent to the service card record', async () => {
    signIn(0);
    mockApi(replies('A001B002'));
    renderRoute('/salesAdd');
    await findPage('sales-record');
    expect(screen.queryByTestId('sale-submit')).toBeNull();
  });
});
