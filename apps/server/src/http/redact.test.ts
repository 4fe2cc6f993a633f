import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

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
