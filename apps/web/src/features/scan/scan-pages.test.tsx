import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { answerDialog } from '../../../test/dialog.ts';
import { agentInfo, allOn, taxiCoPage } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { ruleErrors } from '../../components/form/use-rule-form.ts';
import { batchRule } from './batch.ts';
import { emptyScanState, readScanState, writeScanState } from './scan-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A batch of single-function users for Taxi Co, named Car…, with the SSIDs scanned so far. */
const carBatch = (ssids: string[]) => ({
  ...emptyScanState,
  userType: 0 as const,
  org: { id: 3, name: 'Taxi Co' },
  prefix: 'Car',
  ssids,
});

describe('batch form validation', () => {
  it('asks for a user type, a company and a 2-12 character prefix', () => {
    const errors = (...[s]: Parameters<typeof batchRule>) => {
      const [schema, subject] = batchRule(s);
      return ruleErrors(schema, subject);
    };
    expect(errors({ userType: null, org: null, prefix: '' })).toEqual({
      userType: 'selectUserType',
      orgId: 'selectCompany',
      prefix: 'prefixRequired',
    });
    expect(errors({ userType: 0, org: { id: 1, name: 'A' }, prefix: 'A' }).prefix).toBe('prefix');
    expect(errors({ userType: 1, org: { id: 1, name: 'A' }, prefix: 'Driver' })).toEqual({});
  });

  it('offers the VIP user type only when the agent’s card switch has VIP on, with the card balance', async () => {
    signIn(0);
    mockApi({
      [api.agent.orgs.path]: taxiCoPage,
      [api.agent.queryCardSwitch.path]: { data: allOn({ super_card: 0 }) },
      [api.profile.agent.path]: { data: agentInfo({ blance: 12 }) },
    });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(await screen.findByTestId('batch-type-0'));
    expect((await screen.findByTestId('batch-balance')).textContent).toBe('Your Voice balance: 12');
    expect(screen.queryByTestId('batch-type-1')).toBeNull();
  });

  it('shows the rule messages before anything is sent', async () => {
    signIn(0);
    const fetch = mockApi({ [api.agent.orgs.path]: taxiCoPage });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(screen.getByTestId('scan-next'));
    expect(await screen.findByText('Please select a user type')).toBeTruthy();
    expect(screen.getByText('Please select a company')).toBeTruthy();
    expect(screen.getByText('Please enter a nickname prefix')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes(api.terminal.batch.path))).toBe(false);
  });
});

describe('SSIDs as people type and paste them', () => {
  const column = ['359000000000001', '359000000000002', '359000000000003'];
  const paste = (label: string, text: string) =>
    fireEvent.paste(screen.getByLabelText(label), { clipboardData: { getData: () => text } });

  it('keeps a 16th typed digit and refuses the row, and fills rows from a pasted column', async () => {
    signIn(0);
    writeScanState(carBatch([]));
    const fetch = mockApi({ [api.agent.orgs.path]: taxiCoPage });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(screen.getByTestId('mode-input'));
    const first = (await screen.findByLabelText('SSID(IMEI) 1')) as HTMLInputElement;
    fireEvent.change(first, { target: { value: '3590000000000012' } });
    expect(first.value).toBe('3590000000000012');
    fireEvent.click(screen.getByTestId('input-create'));
    expect(await screen.findByText('SSID(IMEI): exactly 15 digits')).toBeTruthy();
    paste('SSID(IMEI) 1', column.join('\n'));
    await waitFor(() => expect(first.value).toBe(column[0]));
    expect((screen.getByLabelText('SSID(IMEI) 3') as HTMLInputElement).value).toBe(column[2]);
    expect(fetch.mock.calls.some(([url]) => String(url).includes(api.terminal.batch.path))).toBe(false);
  });

  it('drops a typed row’s repeat message when the row it repeats changes', async () => {
    signIn(0);
    writeScanState(carBatch([]));
    mockApi({ [api.agent.orgs.path]: taxiCoPage });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(screen.getByTestId('mode-input'));
    fireEvent.change(await screen.findByLabelText('SSID(IMEI) 1'), { target: { value: '359000000000001' } });
    fireEvent.click(screen.getByTestId('input-add-row'));
    fireEvent.change(await screen.findByLabelText('SSID(IMEI) 2'), { target: { value: '359000000000001' } });
    fireEvent.click(screen.getByTestId('input-create'));
    expect(await screen.findByText('Do not add repeatedly!')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SSID(IMEI) 1'), { target: { value: '359000000000002' } });
    expect(screen.queryByText('Do not add repeatedly!')).toBeNull();
  });

  it('adds every SSID of a column pasted into the scan field', async () => {
    signIn(0);
    mockApi({ [api.agent.orgs.path]: taxiCoPage });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    paste('Type an SSID(IMEI)', ` ${column.join(' , ')}\n3590000000000049 `);
    await waitFor(() => expect(screen.getByTestId('scan-count').textContent).toBe('3 of 100 scanned'));
    expect(await screen.findByText('SSID(IMEI): exactly 15 digits')).toBeTruthy();
    expect(readScanState().ssids).toEqual(column);
  });
});

describe('kept-alive scan list', () => {
  it('keeps the input mode and its typed rows across leaving the page and coming back', async () => {
    signIn(0);
    mockApi({ [api.agent.orgs.path]: taxiCoPage });
    const view = renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(screen.getByTestId('mode-input'));
    fireEvent.change(await screen.findByLabelText('SSID(IMEI) 1'), { target: { value: '359000000000001' } });
    fireEvent.click(screen.getByTestId('input-add-row'));
    fireEvent.change(await screen.findByLabelText('SSID(IMEI) 2'), { target: { value: '35900000000' } });
    await view.navigate('/home');
    await view.navigate('/scanCodeAdd');
    await findPage('scan-code-add');
    expect(screen.getByTestId('mode-input').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('SSID(IMEI) 1') as HTMLInputElement).value).toBe('359000000000001');
    expect((screen.getByLabelText('SSID(IMEI) 2') as HTMLInputElement).value).toBe('35900000000');
  });

  it('keeps typed SSIDs and the form across leaving the page and coming back', async () => {
    signIn(0);
    mockApi({ [api.agent.orgs.path]: taxiCoPage, [api.agent.queryCardSwitch.path]: { data: allOn() } });
    const view = renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.click(await screen.findByTestId('batch-type-1'));
    fireEvent.change(screen.getByLabelText('Nickname prefix'), { target: { value: 'Driver' } });
    fireEvent.change(screen.getByLabelText('Type an SSID(IMEI)'), { target: { value: '359000000000001' } });
    fireEvent.click(screen.getByTestId('scan-type-add'));
    fireEvent.change(screen.getByLabelText('Type an SSID(IMEI)'), { target: { value: '359000000000001' } });
    fireEvent.click(screen.getByTestId('scan-type-add'));
    expect(await screen.findByText('Do not add repeatedly!')).toBeTruthy();
    await view.navigate('/scanDetail');
    await findPage('scan-detail');
    expect(screen.getByText('359000000000001')).toBeTruthy();
    await view.navigate('/scanCodeAdd');
    await findPage('scan-code-add');
    expect(screen.getByTestId('scan-count').textContent).toBe('1 of 100 scanned');
    expect((screen.getByLabelText('Nickname prefix') as HTMLInputElement).value).toBe('Driver');
    expect(readScanState()).toMatchObject({ userType: 1, prefix: 'Driver', ssids: ['359000000000001'] });
  });

  it('creates the scanned batch with the SSIDs in a JSON body and shows the passwords once', async () => {
    signIn(0);
    writeScanState(carBatch(['359000000000001']));
    const created = [{ id: 9, ssid: '359000000000001', name: 'Car1', intercomPassword: '123456' }];
    const fetch = mockApi({
      [api.terminal.checkSsids.path]: { data: { taken: [] } },
      [api.terminal.batch.path]: { data: { created } },
      [api.profile.agent.path]: { data: agentInfo({ blance: 7 }) },
    });
    renderRoute('/scanConfirm');
    await findPage('scan-confirm');
    expect((await screen.findByTestId('batch-balance')).textContent).toBe('Your Voice balance: 7');
    fireEvent.click(screen.getByTestId('scan-create'));
    await answerDialog('Create 1 user with 1 Voice card? Your balance: 7 → 6', 'Create');
    expect(await screen.findByText('123456')).toBeTruthy();
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).includes(api.terminal.batch.path)) ?? [];
    expect(String(url)).toContain('mode=scan');
    expect(JSON.parse(String(init?.body))).toEqual({ ssids: ['359000000000001'] });
    await waitFor(() => expect(readScanState().ssids).toEqual([]));

    // The passwords are shown this once: they can be copied whole or saved as CSV.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByTestId('created-copy'));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        'Name\tSSID(IMEI)\tIntercom password\nCar1\t359000000000001\t123456',
      ),
    );
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:passwords';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByTestId('created-csv'));
    // Blob.text() would drop the byte-order mark that spreadsheets need; the bytes keep it.
    const bytes = await (saved as Blob).arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFName,SSID(IMEI),Intercom password\r\nCar1,359000000000001,123456\r\n',
    );
  });

  it('names the SSIDs already in use before asking about the cost, and creates nothing', async () => {
    signIn(0);
    writeScanState(carBatch(['359000000000001', '359000000000002']));
    const fetch = mockApi({
      [api.terminal.checkSsids.path]: { data: { taken: ['359000000000002'] } },
      [api.profile.agent.path]: { data: agentInfo({ blance: 924 }) },
    });
    renderRoute('/scanConfirm');
    await findPage('scan-confirm');
    await screen.findByTestId('batch-balance');
    fireEvent.click(screen.getByTestId('scan-create'));
    expect(await screen.findByText('in use')).toBeTruthy();
    expect(
      String(fetch.mock.calls.find(([u]) => String(u).includes(api.terminal.checkSsids.path))?.[0]),
    ).toContain('ssids=359000000000001%2C359000000000002');
    expect(screen.queryByText(/924 → 922/)).toBeNull();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.batch.path))).toBe(false);
  });

  it('marks a typed SSID in use under its row before asking about the cost', async () => {
    signIn(0);
    writeScanState({ ...carBatch([]), mode: 'input', typed: ['359000000000003'] });
    const fetch = mockApi({
      [api.terminal.checkSsids.path]: { data: { taken: ['359000000000003'] } },
      [api.profile.agent.path]: { data: agentInfo({ blance: 924 }) },
      [api.agent.orgs.path]: taxiCoPage,
    });
    renderRoute('/scanCodeAdd');
    await findPage('scan-code-add');
    fireEvent.submit(screen.getByTestId('input-panel'));
    // Another radio's SSID is in use, as the intake says it; "do not add repeatedly" is for a repeat in the list.
    expect(await screen.findByText('This SSID(IMEI) is already in use')).toBeTruthy();
    expect(screen.queryByText('Do not add repeatedly!')).toBeNull();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.terminal.batch.path))).toBe(false);
  });
});
