import { Languages, Limits } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import type { Conn } from '../../db/client.ts';
import { RateLimits } from '../../lib/rate-limit.ts';
import { codeText, maskPhone, outboxProvider } from './sms-provider.ts';

describe('maskPhone', () => {
  it.each([
    ['85291234567', '852****4567'],
    ['+85291234567', '+852****4567'],
    ['13800138000', '138****8000'],
    ['123456', '12****'],
    ['1234567', '12****'],
    ['12345678', '12****78'],
    ['', '****'],
  ])('%j → %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('codeText', () => {
  it.each(Languages)('%s carries the code and the 5-minute life', (lang) => {
    const text = codeText(lang, '0427');
    expect(text).toContain('0427');
    expect(text).toContain(String(Limits.smsCodeTtlSeconds / 60));
    // The code is the first 4-digit run, which is how a person (and the tests) read it.
    expect(/\b(\d{4})\b/.exec(text)?.[1]).toBe('0427');
  });
});

describe('outboxProvider', () => {
  it('writes the text to the outbox, and a log line that carries neither the code nor the number', async () => {
    const rows: unknown[] = [];
    const db = { insert: () => ({ values: async (row: unknown) => rows.push(row) }) } as unknown as Conn;
    const lines: [object, string][] = [];
    const text = codeText('en', '4821');
    await outboxProvider(db, { info: (obj, msg) => lines.push([obj, msg]) }).send('85291234567', text);
    expect(rows).toEqual([{ phone: '85291234567', text }]);
    expect(lines).toHaveLength(1);
    const logged = JSON.stringify(lines[0]);
    expect(logged).not.toContain('4821');
    expect(logged).not.toContain('85291234567');
    expect(logged).toContain('852****4567');
  });
});

describe('RateLimits', () => {
  it('counts a phone the same with or without its +', () => {
    expect(RateLimits.smsPhoneMinute('+85291234567').key).toBe(RateLimits.smsPhoneMinute('85291234567').key);
    expect(RateLimits.smsPhoneDay('+85291234567').key).toBe(RateLimits.smsPhoneDay('85291234567').key);
    expect(RateLimits.smsPhoneMinute('1').windowSeconds).toBe(Limits.smsResendSeconds);
    expect(RateLimits.smsPhoneDay('1').max).toBe(Limits.smsDailyMax);
  });
});
