import { describe, expect, it } from 'vitest';
import { csvOf } from './csv.ts';

describe('csvOf', () => {
  it('writes rows with a byte-order mark and CRLF, quoting only what needs it', () => {
    expect(
      csvOf([
        ['Name', 'SSID'],
        ['司机1', '359000000000001'],
        ['a,b', 'say "hi"'],
      ]),
    ).toBe('\uFEFFName,SSID\r\n司机1,359000000000001\r\n"a,b","say ""hi"""\r\n');
  });
});
