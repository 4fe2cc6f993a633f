import { describe, expect, it } from 'vitest';
import { redactError, redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides tokens, passwords and codes in a logged URL', () => {
    const url = '/v1/auth/access_token?username=agent01&password=agent123&token=abc&x=10&appSecret=s';
    expect(redactUrl(url)).toBe(
      '/v1/auth/access_token?username=agent01&password=[redacted]&token=[redacted]&x=10&appSecret=[redacted]',
    );
    expect(redactUrl('/v1/jsp/updateCardPwd?cardPwd=1&confirmCardPwd=1&code=1234&payPwd=2')).toBe(
      '/v1/jsp/updateCardPwd?cardPwd=[redacted]&confirmCardPwd=[redacted]&code=[redacted]&payPwd=[redacted]',
    );
    expect(redactUrl('/v1/profile/agent?access_token=t0k&openid=o')).toBe(
      '/v1/profile/agent?access_token=[redacted]&openid=o',
    );
  });
});

describe('redactUrl against spelled keys', () => {
  it('hides a secret whose key is percent-encoded, cased or suffixed as the parser would read it', () => {
    expect(redactUrl('/v1/x?acc%65ss_token=t0k&pass%77ord=pw&PASSWORD=p&password[]=q&a=1')).toBe(
      '/v1/x?acc%65ss_token=[redacted]&pass%77ord=[redacted]&PASSWORD=[redacted]&password[]=[redacted]&a=1',
    );
    expect(redactUrl('/v1/x?%zz=secret&ok=1')).toBe('/v1/x?%zz=[redacted]&ok=1');
  });

  it("hides a push subscription's endpoint and keys", () => {
    const url = '/v1/push/subscribe?endpoint=https%3A%2F%2Fpush.example.com%2Fx&p256dh=BKey&auth=sec&lang=en';
    expect(redactUrl(url)).toBe(
      '/v1/push/subscribe?endpoint=[redacted]&p256dh=[redacted]&auth=[redacted]&lang=en',
    );
  });
});

describe('redactError', () => {
  it("logs a failed statement's SQL and the database's message, never its parameters", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "groups_org_name"'),
      {
        code: '23505',
      },
    );
    const e = new Error('Failed query: insert into "groups" values ($1, $2)\nparams: 7,Burst1', { cause });
    const logged = JSON.stringify(redactError(e));
    expect(logged).toContain('groups_org_name');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('Burst1');
  });
});
