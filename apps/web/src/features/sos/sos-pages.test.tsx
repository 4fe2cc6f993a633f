import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { dialogButton, dialogClosed } from '../../../test/dialog.ts';
import { radio4 } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { setTransportHooks } from '../../api/transport-hooks.ts';
import { localDay } from '../../lib/dates.ts';

vi.mock('../../components/map/map-view.tsx', () => ({
  MapView: (props: { testId?: string; markers?: { label?: string }[] }) => (
    <div data-testid={props.testId}>{props.markers?.map((m) => m.label).join(',')}</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  setTransportHooks({ toast: () => {} });
});

const record = {
  id: 9,
  ...radio4,
  lat: 22.3193,
  lng: 114.1694,
  status: 0,
  processor: null,
  processed_at: null,
  remark: '',
  false_alarm: 0 as const,
  created_at: '2026-11-22T08:30:00.000Z',
};

describe('SOS records', () => {
  it('asks for the unprocessed ones only when that state is chosen, and says when there are none', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.sos.list.path]: (url) => ({
        data:
          url.searchParams.get('status') === '0'
            ? { list: [], total: 0, page: 1, size: 20 }
            : { list: [record], total: 1, page: 1, size: 20 },
      }),
    });
    renderRoute('/sosrdingList');
    await findPage('sos-list');
    expect((await screen.findByTestId('sos-row')).getAttribute('href')).toBe('/sosDetail?id=9');
    expect(callsOn(fetch, api.sos.list.path)[0]?.searchParams.has('status')).toBe(false);

    fireEvent.click(screen.getByTestId('sos-status-unprocessed'));
    expect(await screen.findByText('No SOS records')).toBeTruthy();
    const last = callsOn(fetch, api.sos.list.path).at(-1);
    expect(last?.searchParams.get('status')).toBe('0');
  });

  it('filters by the last 7, 30 or 90 days in one tap, today included', async () => {
    signIn(1);
    const fetch = mockApi({ [api.sos.list.path]: { data: { list: [record], total: 1, page: 1, size: 20 } } });
    renderRoute('/sosrdingList');
    await findPage('sos-list');
    await screen.findByTestId('sos-row');
    fireEvent.click(screen.getByTestId('sos-range-last-30'));
    await waitFor(() =>
      expect(callsOn(fetch, api.sos.list.path).at(-1)?.searchParams.get('end')).toBe(localDay()),
    );
    expect(callsOn(fetch, api.sos.list.path).at(-1)?.searchParams.get('start')).toBe(localDay(-29));
    expect(screen.getByTestId('sos-range-last-30').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('sos-range-last-90'));
    await waitFor(() =>
      expect(callsOn(fetch, api.sos.list.path).at(-1)?.searchParams.get('start')).toBe(localDay(-89)),
    );
  });

  // The test's limit is above the 5 s it waits for the confirmation's first (lazy) load.
  it('processes an SOS with its remark only after the confirmation, then shows who processed it', async () => {
    signIn(1);
    let processed = false;
    const fetch = mockApi({
      [api.sos.detail.path]: () => ({
        data: processed
          ? {
              ...record,
              status: 1,
              processor: 'Demo_Company',
              processed_at: '2026-11-22T09:00:00.000Z',
              remark: 'All safe',
              address: '22.3193, 114.1694',
            }
          : { ...record, address: '22.3193, 114.1694' },
      }),
      [api.sos.process.path]: () => {
        processed = true;
        return { data: record };
      },
    });
    renderRoute('/sosDetail?id=9');
    await findPage('sos-detail');
    expect((await screen.findByTestId('sos-map')).textContent).toBe('Radio 4');
    expect(screen.getByTestId('sos-address').textContent).toBe('22.3193, 114.1694');

    const remark = document.getElementById('sos-remark') as HTMLTextAreaElement;
    fireEvent.change(remark, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByTestId('sos-process'));
    expect(await screen.findByText(Messages.remark.en)).toBeTruthy();
    expect(callsOn(fetch, api.sos.process.path)).toHaveLength(0);

    fireEvent.change(remark, { target: { value: 'All safe' } });
    fireEvent.click(screen.getByTestId('sos-process'));
    expect(
      await screen.findByText('Mark the SOS of Radio 4 as processed?', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(await dialogButton('Cancel'));
    await dialogClosed();
    expect(callsOn(fetch, api.sos.process.path)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('sos-process'));
    fireEvent.click(await dialogButton('Confirm'));
    await waitFor(() => expect(callsOn(fetch, api.sos.process.path)).toHaveLength(1));
    const call = callsOn(fetch, api.sos.process.path)[0]?.searchParams;
    expect(call?.get('id')).toBe('9');
    expect(call?.get('remark')).toBe('All safe');
    expect((await screen.findByTestId('sos-processor')).textContent).toBe('Demo_Company');
    expect(screen.queryByTestId('sos-process')).toBeNull();
  }, 20_000);

  it('processes several SOS together with one remark as false alarms, after one confirmation', async () => {
    signIn(1);
    const rows = [
      record,
      { ...record, id: 10, terminal_name: 'Radio 5' },
      { ...record, id: 11, terminal_name: 'Radio 6', status: 1, processor: 'Demo_Company' },
    ];
    let done = false;
    const fetch = mockApi({
      [api.sos.list.path]: (url) => {
        if (url.searchParams.get('falseAlarm') === '1')
          return { data: { list: done ? rows.slice(0, 2) : [], total: 0, page: 1, size: 20 } };
        const list = done
          ? rows.map((r) => (r.id === 11 ? r : { ...r, status: 1, false_alarm: 1 as const }))
          : rows;
        return { data: { list, total: 3, page: 1, size: 20 } };
      },
      [api.sos.processBatch.path]: () => {
        done = true;
        return { data: { processed: 2 } };
      },
    });
    renderRoute('/sosrdingList');
    await findPage('sos-list');
    await screen.findAllByTestId('sos-row');
    fireEvent.click(screen.getByTestId('sos-select'));
    // A processed SOS cannot be chosen: only the two open ones are checkboxes.
    const boxes = await screen.findAllByRole('checkbox');
    const choices = boxes.filter((b) => b.closest('[data-testid=sos-row]'));
    expect(choices).toHaveLength(2);
    // Leaving the choice is an action beside the filters, not a chip among them.
    expect(screen.getByTestId('sos-select').classList.contains('chip')).toBe(false);
    expect(screen.getByTestId('sos-select').closest('fieldset')).toBeNull();
    const open = screen.getByTestId('sos-batch-open') as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    expect(open.textContent).toBe('Choose the SOS to process');
    // The remark waits in a sheet: the panel over the list is a line and a button.
    expect(within(screen.getByTestId('sos-batch')).queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByTestId('sos-select-all'));
    expect(screen.getByTestId('sos-batch').textContent).toContain('2 selected');
    expect(choices.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByTestId('sos-select-all').textContent).toBe('Clear selection');
    fireEvent.click(screen.getByTestId('sos-select-all'));
    expect(screen.getByTestId('sos-batch').textContent).toContain('0 selected');
    for (const box of choices) fireEvent.click(box);
    expect(screen.getByTestId('sos-batch').textContent).toContain('2 selected');
    expect(open.disabled).toBe(false);
    expect(open.textContent).toBe('Process 2 SOS');
    fireEvent.click(open);
    await screen.findByTestId('sos-batch-form');

    const remark = document.getElementById('sos-batch-remark') as HTMLTextAreaElement;
    fireEvent.change(remark, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByTestId('sos-batch-process'));
    expect(await screen.findByText(Messages.remark.en)).toBeTruthy();
    fireEvent.change(remark, { target: { value: 'Test presses' } });
    fireEvent.click(within(screen.getByTestId('sos-batch-false-alarm')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('sos-batch-process'));
    expect(
      await screen.findByText('Mark 2 SOS as false alarms and processed?', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsOn(fetch, api.sos.processBatch.path)).toHaveLength(0);
    fireEvent.click(await dialogButton('Confirm'));
    await waitFor(() => expect(callsOn(fetch, api.sos.processBatch.path)).toHaveLength(1));
    const call = callsOn(fetch, api.sos.processBatch.path)[0]?.searchParams;
    expect([call?.get('ids'), call?.get('remark'), call?.get('falseAlarm')]).toEqual([
      '9,10',
      'Test presses',
      '1',
    ]);
    // The list shows them processed and marked; the selection is over.
    await waitFor(() => expect(screen.getAllByTestId('sos-false-alarm-tag')).toHaveLength(2));
    expect(screen.queryByTestId('sos-batch')).toBeNull();

    fireEvent.click(screen.getByTestId('sos-status-falseAlarms'));
    await waitFor(() =>
      expect(callsOn(fetch, api.sos.list.path).at(-1)?.searchParams.get('falseAlarm')).toBe('1'),
    );
    expect(callsOn(fetch, api.sos.list.path).at(-1)?.searchParams.has('status')).toBe(false);
  }, 20_000);

  it('keeps the choice when some were processed meanwhile, less those, and says so', async () => {
    signIn(1);
    const toasts: string[] = [];
    setTransportHooks({ toast: (text) => toasts.push(text) });
    const rows = [record, { ...record, id: 10, terminal_name: 'Radio 5' }];
    let refused = false;
    const fetch = mockApi({
      [api.sos.list.path]: () => ({
        data: {
          list: refused ? [rows[0], { ...rows[1], status: 1, processor: 'Demo_Agent' }] : rows,
          total: 2,
          page: 1,
          size: 20,
        },
      }),
      [api.sos.processBatch.path]: () => {
        refused = true;
        return { code: Code.rule, msg: Messages.sosBatchProcessed, data: { ids: [10] } };
      },
    });
    renderRoute('/sosrdingList');
    await findPage('sos-list');
    await screen.findAllByTestId('sos-row');
    fireEvent.click(screen.getByTestId('sos-select'));
    for (const box of (await screen.findAllByRole('checkbox')).filter((b) =>
      b.closest('[data-testid=sos-row]'),
    ))
      fireEvent.click(box);
    fireEvent.click(screen.getByTestId('sos-batch-open'));
    fireEvent.click(await screen.findByTestId('sos-batch-process'));
    fireEvent.click(await dialogButton('Confirm'));
    await waitFor(() => expect(toasts).toContain(Messages.sosBatchProcessed.en));
    await waitFor(() => expect(screen.getByTestId('sos-batch').textContent).toContain('1 selected'));
    expect(callsOn(fetch, api.sos.processBatch.path)).toHaveLength(1);
  }, 20_000);

  it('marks one SOS a false alarm from its detail, asking so, and shows it marked', async () => {
    signIn(0);
    let processed = false;
    const fetch = mockApi({
      [api.sos.detail.path]: () => ({
        data: {
          ...record,
          address: '22.3193, 114.1694',
          ...(processed
            ? { status: 1, processor: 'Demo_Agent', processed_at: '2026-11-22T09:00:00.000Z', false_alarm: 1 }
            : {}),
        },
      }),
      [api.sos.process.path]: () => {
        processed = true;
        return { data: record };
      },
    });
    renderRoute('/sosDetail?id=9');
    await findPage('sos-detail');
    await screen.findByTestId('sos-process');
    fireEvent.click(within(screen.getByTestId('sos-false-alarm')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('sos-process'));
    expect(
      await screen.findByText(
        'Mark the SOS of Radio 4 as a false alarm and processed?',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(await dialogButton('Confirm'));
    await waitFor(() => expect(callsOn(fetch, api.sos.process.path)).toHaveLength(1));
    expect(callsOn(fetch, api.sos.process.path)[0]?.searchParams.get('falseAlarm')).toBe('1');
    expect((await screen.findByTestId('sos-false-alarm-value')).textContent).toBe('Yes');
    expect(screen.getByTestId('sos-false-alarm-tag').textContent).toBe('False alarm');
  }, 20_000);
});
