import { Code, Messages, type Msg } from '@ptt/contract';
import { vi } from 'vitest';
import { setLoginInfo } from '../src/lib/storage.ts';

export interface MockReply {
  code?: number;
  msg?: Msg;
  data?: unknown;
}

/** Stubs fetch with envelope replies by path; unknown paths answer 'not found'. Returns the spy. */
export const mockApi = (replies: Record<string, MockReply | ((url: URL) => MockReply)>) => {
  const spy = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = replies[url.pathname];
    const reply = typeof entry === 'function' ? entry(url) : entry;
    const body = reply
      ? { code: reply.code ?? Code.ok, msg: reply.msg ?? Messages.ok, data: reply.data ?? null }
      : { code: Code.notFound, msg: Messages.notFound, data: null };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
};

export const signIn = (role: 0 | 1) => setLoginInfo({ access_token: 'token-1', openid: 'open-1', role });
