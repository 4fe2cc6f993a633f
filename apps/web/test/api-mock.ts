import { Code, Messages, type Msg } from '@ptt/contract';
import { vi } from 'vitest';
import { setLoginInfo } from '../src/lib/storage.ts';

export interface MockReply {
  code?: number;
  msg?: Msg;
  data?: unknown;
  /** Answers this text as a CSV file instead of an envelope (an export). */
  file?: string;
}

/** Stubs fetch with envelope replies by path; unknown paths answer 'not found'. Returns the spy. */
export const mockApi = (replies: Record<string, MockReply | ((url: URL) => MockReply)>) => {
  const spy = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = replies[url.pathname];
    const reply = typeof entry === 'function' ? entry(url) : entry;
    if (reply?.file !== undefined)
      return new Response(reply.file, {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
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

/** Watches the files the page saves: the name each is saved under (the blob's address is not fetched). */
export const watchDownloads = () => {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:saved'), revokeObjectURL: vi.fn() }),
  );
  return names;
};

/** The addresses a fetch spy was called with on one path. */
export const callsOn = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
