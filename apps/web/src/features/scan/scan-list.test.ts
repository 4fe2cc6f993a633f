import { describe, expect, it } from 'vitest';
import { addToScanList, ssidFromQr, ssidsOfText } from './scan-list.ts';

const ssid = (n: number) => String(359_000_000_000_000 + n);

describe('scan list rules', () => {
  it('reads the SSID from a bare or labelled QR text', () => {
    expect(ssidFromQr(` ${ssid(1)} `)).toEqual({ ssid: ssid(1) });
    expect(ssidFromQr(`IMEI:${ssid(2)}`)).toEqual({ ssid: ssid(2) });
    expect(ssidFromQr('https://example.com/hello')).toEqual({ error: 'qrWrong' });
    expect(ssidFromQr('')).toEqual({ error: 'qrWrong' });
    expect(ssidFromQr('IMEI:35900000000')).toEqual({ error: 'ssidScanWrong' });
  });

  it('refuses a repeated scan and a repeated typed SSID with their own messages', () => {
    const { list } = addToScanList([], ssid(1), 'scan');
    expect(list).toEqual([ssid(1)]);
    expect(addToScanList(list, ssid(1), 'scan')).toEqual({ list, error: 'doNotScanRepeatedly' });
    expect(addToScanList(list, ssid(1), 'type')).toEqual({ list, error: 'doNotAddRepeatedly' });
  });

  it('refuses a typed SSID that is not 15 digits', () => {
    expect(addToScanList([], '12345', 'type').error).toBe('ssid');
    expect(addToScanList([], `${ssid(1)}9`, 'type').error).toBe('ssid');
  });

  it('drops spaces around a typed SSID, reads full-width digits and refuses a 16th digit instead of cutting it', () => {
    expect(addToScanList([], `  ${ssid(1)}\t`, 'type')).toMatchObject({ list: [ssid(1)], added: ssid(1) });
    expect(addToScanList([], '３５９０００００００００００１', 'type').added).toBe(ssid(1));
    expect(addToScanList([], '3590000000000012', 'type')).toEqual({ list: [], error: 'ssid' });
  });

  it('reads a pasted column or row of SSIDs', () => {
    expect(ssidsOfText(`${ssid(1)}\r\n${ssid(2)}\n\n ${ssid(3)} `)).toEqual([ssid(1), ssid(2), ssid(3)]);
    expect(ssidsOfText(`${ssid(1)}, ${ssid(2)}，${ssid(3)}、${ssid(4)};${ssid(5)}`)).toHaveLength(5);
    expect(ssidsOfText('   ')).toEqual([]);
  });

  it('stops at 100 SSIDs', () => {
    const full = Array.from({ length: 100 }, (_, i) => ssid(i));
    expect(addToScanList(full, ssid(500), 'scan')).toEqual({ list: full, error: 'scanMax' });
    expect(addToScanList(full.slice(1), ssid(500), 'type').list).toHaveLength(100);
  });
});
