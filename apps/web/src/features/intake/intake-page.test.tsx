import { api, Code, IntakeLimits, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn, watchDownloads } from '../../../test/api-mock.ts';
import { answerDialog } from '../../../test/dialog.ts';
import { agentInfo, allOn, taxiCoPage } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';
import type { CheckedRow, IntakeRow } from './intake-rows.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const row = (line: number, ssid: string, name: string, errors: CheckedRow['errors'] = []): CheckedRow => ({
  line,
  ssid,
  name,
  iccid: '',
  group: 'Dispatch',
  errors,
});

/** What the server answers for rows: each in use or repeated as the first answer said, until fixed. */
const previewOf = (rows: IntakeRow[], bad: Record<number, CheckedRow['errors']>) => {
  const checked = rows.map((r) => ({ ...r, errors: bad[r.line] ?? [] }));
  const valid = checked.filter((r) => r.errors.length === 0).length;
  return { rows: checked, valid, costs: [{ cardType: 0, cards: valid, balance: 7 }], total: valid };
};

const pasted = [
  row(2, '359000000000001', 'Car_1'),
  row(3, '359000000000002', 'Car_2'),
  row(4, '359000000000003', 'Car_3'),
];

/** The agent's screen up to the preview: Taxi Co, single-function users, three pasted rows. */
async function openWithRows(bad: Record<number, CheckedRow['errors']>) {
  signIn(0);
  const bodies: { path: string; body: unknown; url: URL }[] = [];
  let current: Record<number, CheckedRow['errors']> = bad;
  let refuseImport = false;
  const fetch = mockApi({
    [api.agent.orgs.path]: taxiCoPage,
    [api.agent.queryCardSwitch.path]: { data: allOn({ super_card: 0 }) },
    [api.profile.agent.path]: { data: agentInfo({ blance: 7 }) },
  });
  fetch.mockImplementation(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : null;
    bodies.push({ path: url.pathname, body, url });
    const reply = (data: unknown, code: number = Code.ok, msg = Messages.ok) =>
      new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === api.terminal.importPreview.path) {
      if (body instanceof FormData) return reply(null, Code.invalid, Messages.importMax);
      const rows: IntakeRow[] = body.rows ?? pasted.map(({ errors: _, ...r }) => r);
      return reply(previewOf(rows, current));
    }
    if (url.pathname === api.terminal.import.path && refuseImport) {
      refuseImport = false;
      return reply({ line: 2, errors: ['importSsidInUse'] }, Code.rule, Messages.importRowInvalid);
    }
    if (url.pathname === api.terminal.import.path)
      return reply({
        created: body.rows.map((r: IntakeRow, i: number) => ({
          id: 90 + i,
          ssid: r.ssid,
          name: r.name,
          intercomPassword: `65432${i}`,
        })),
      });
    if (url.pathname === api.agent.orgs.path) return reply(taxiCoPage.data);
    if (url.pathname === api.agent.queryCardSwitch.path) return reply(allOn({ super_card: 0 }));
    if (url.pathname === api.profile.agent.path) return reply(agentInfo({ blance: 7 }));
    return reply(null, Code.notFound, Messages.notFound);
  });
  renderRoute('/terminalImport');
  await findPage('intake-page');
  fireEvent.click(await screen.findByTestId('intake-type-0'));
  fireEvent.click(screen.getByTestId('intake-org-button'));
  fireEvent.click(await screen.findByText('Taxi Co'));
  fireEvent.change(screen.getByTestId('intake-text'), {
    target: { value: 'SSID\tName\n359000000000001\tCar_1\n359000000000002\tCar_2\n359000000000003\tCar_3' },
  });
  fireEvent.click(screen.getByTestId('intake-check'));
  await screen.findByTestId('intake-review');
  return {
    bodies,
    setBad: (next: Record<number, CheckedRow['errors']>) => {
      current = next;
    },
    refuseNextImport: () => {
      refuseImport = true;
    },
  };
}

describe('bulk intake from pasted rows', () => {
  it('shows the bad rows first with their errors, fixes one, drops one, then imports after the cost is confirmed', async () => {
    const { bodies, setBad } = await openWithRows({ 3: ['importSsidInUse'], 4: ['nicknameLong', 'iccid'] });
    const sent = bodies.find((b) => b.path === api.terminal.importPreview.path);
    expect(sent?.body).toEqual({ text: expect.stringContaining('359000000000003\tCar_3') });
    expect(sent?.url.searchParams.get('orgId')).toBe('3');
    expect(screen.getByTestId('intake-summary').textContent).toBe('3 rows: 1 ready, 2 to fix');
    const lines = [...screen.getByTestId('intake-rows').children].map((li) => li.getAttribute('data-line'));
    expect(lines).toEqual(['3', '4', '2']);
    expect(within(screen.getByTestId('intake-errors-4')).getByText(Messages.iccid.en)).toBeTruthy();
    expect(screen.getByTestId('intake-import').hasAttribute('disabled')).toBe(true);

    // Line 4 fixed in place: the client's rule first, then the server checks the rows again.
    fireEvent.click(screen.getByTestId('intake-fix-4'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '_x' } });
    fireEvent.click(screen.getByTestId('intake-save'));
    expect(await screen.findByText(Messages.nicknameLong.en)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Car_3b' } });
    setBad({ 3: ['importSsidInUse'] });
    fireEvent.click(screen.getByTestId('intake-save'));
    await waitFor(() => expect(screen.queryByTestId('intake-errors-4')).toBeNull());
    const again = bodies.filter((b) => b.path === api.terminal.importPreview.path).at(-1);
    expect((again?.body as { rows: IntakeRow[] } | undefined)?.rows[2]).toEqual({
      ...pasted[2],
      name: 'Car_3b',
      errors: undefined,
    });

    // Line 3 (in use) dropped: two rows left, all ready.
    setBad({});
    fireEvent.click(screen.getByTestId('intake-drop-3'));
    await waitFor(() =>
      expect(screen.getByTestId('intake-summary').textContent).toBe('All 2 rows are ready.'),
    );
    expect(screen.getByTestId('intake-cost').textContent).toBe('2 Voice cards, balance 7');
    fireEvent.click(screen.getByTestId('intake-import'));
    await answerDialog(
      'Create 2 users in Taxi Co with 2 Voice cards, one each? Your balance: 7 → 5',
      'Import',
    );
    expect(await screen.findByText('654321')).toBeTruthy();
    const imported = bodies.find((b) => b.path === api.terminal.import.path);
    expect(imported?.url.searchParams.get('confirm')).toBe('2');
    expect((imported?.body as { rows: IntakeRow[] } | undefined)?.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('names the line an import was refused for, and checks the rows again', async () => {
    const { bodies, setBad, refuseNextImport } = await openWithRows({});
    refuseNextImport();
    setBad({ 2: ['importSsidInUse'] });
    fireEvent.click(screen.getByTestId('intake-import'));
    await answerDialog(
      'Create 3 users in Taxi Co with 3 Voice cards, one each? Your balance: 7 → 4',
      'Import',
    );
    expect((await screen.findByTestId('intake-refused')).textContent).toBe(
      `Line 2: ${Messages.importSsidInUse.en}`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('intake-summary').textContent).toBe('3 rows: 2 ready, 1 to fix'),
    );
    expect(bodies.filter((b) => b.path === api.terminal.importPreview.path)).toHaveLength(2);
    expect(screen.getByTestId('intake-import').hasAttribute('disabled')).toBe(true);
  });

  it('says in Chinese what is wrong with a row', async () => {
    await changeLanguage('zh-Hans');
    await openWithRows({ 2: ['importUnknownGroup'] });
    expect(
      within(screen.getByTestId('intake-errors-2')).getByText(Messages.importUnknownGroup.cn),
    ).toBeTruthy();
    expect(screen.getByTestId('intake-summary').textContent).toBe('共3行：2行可导入，1行需修改');
  });
});

describe('bulk intake from a file', () => {
  it('sends the chosen file as multipart and shows the server’s refusal where the rows come from', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.agent.orgs.path]: taxiCoPage,
      [api.agent.queryCardSwitch.path]: { data: allOn() },
      [api.terminal.importPreview.path]: { code: Code.invalid, msg: Messages.importMax },
    });
    renderRoute('/terminalImport');
    await findPage('intake-page');
    fireEvent.click(screen.getByTestId('intake-check'));
    expect(await screen.findByText('Please select a user type')).toBeTruthy();
    expect(screen.getByText('Please select a company')).toBeTruthy();
    expect(screen.getByText('Choose a file or paste some rows first.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('intake-type-1'));
    fireEvent.click(screen.getByTestId('intake-org-button'));
    fireEvent.click(await screen.findByText('Taxi Co'));
    const file = new File(['SSID\n359000000000001\n'], 'note.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('intake-file'), { target: { files: [file] } });
    expect(screen.getByText('File: note.csv')).toBeTruthy();
    expect(screen.queryByTestId('intake-text')).toBeNull();
    fireEvent.click(screen.getByTestId('intake-check'));
    expect(await screen.findByText(Messages.importMax.en)).toBeTruthy();
    const [url, init] =
      fetch.mock.calls.find(([u]) => String(u).includes(api.terminal.importPreview.path)) ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('userType')).toBe('1');
    expect((init?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it('names the size limit of a file too large, before sending it, and offers a template', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.agent.orgs.path]: taxiCoPage,
      [api.agent.queryCardSwitch.path]: { data: allOn() },
    });
    const saved = watchDownloads();
    renderRoute('/terminalImport');
    await findPage('intake-page');
    fireEvent.click(screen.getByTestId('intake-template'));
    expect(saved).toEqual(['users-import-template.csv']);
    fireEvent.click(await screen.findByTestId('intake-type-0'));
    fireEvent.click(screen.getByTestId('intake-org-button'));
    fireEvent.click(await screen.findByText('Taxi Co'));
    const big = new File(['x'.repeat(IntakeLimits.bytesMax + 1)], 'big.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('intake-file'), { target: { files: [big] } });
    fireEvent.click(screen.getByTestId('intake-check'));
    expect(
      await screen.findByText('The file is larger than 1 MB: split it (at most 1000 rows at a time).'),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.importPreview.path))).toBe(false);
  });

  it('tells a row Excel wrote in scientific notation to format the column as text', async () => {
    signIn(0);
    mockApi({
      [api.agent.orgs.path]: taxiCoPage,
      [api.agent.queryCardSwitch.path]: { data: allOn() },
      [api.terminal.importPreview.path]: {
        data: previewOf([row(2, '8.61235E+14', 'Car_1'), row(3, '359000000000002', 'Car_2')], {
          2: ['ssid'],
        }),
      },
    });
    renderRoute('/terminalImport');
    await findPage('intake-page');
    fireEvent.click(await screen.findByTestId('intake-type-0'));
    fireEvent.click(screen.getByTestId('intake-org-button'));
    fireEvent.click(await screen.findByText('Taxi Co'));
    fireEvent.change(screen.getByTestId('intake-text'), { target: { value: '8.61235E+14\tCar_1' } });
    fireEvent.click(screen.getByTestId('intake-check'));
    expect((await screen.findByTestId('intake-scientific-2')).textContent).toContain(
      'format the SSID column as Text',
    );
    expect(screen.queryByTestId('intake-scientific-3')).toBeNull();
  });
});
