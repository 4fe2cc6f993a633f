import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { api, Code, Messages } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../harness.ts';

/** Sends raw bytes to the listening server and returns the whole answer (the server closes after it). */
function raw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => {
      data += d.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

const envelope = (body: string) => {
  const json = JSON.parse(body);
  expect(Object.keys(json).sort()).toEqual(['code', 'data', 'msg']);
  expect(Object.keys(json.msg).sort()).toEqual(['cn', 'cn2', 'en']);
  return json;
};

/** What Node and Fastify refuse before a route runs is answered in the API's envelope too. */
describe.each(backends)('transport refusals on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 180_000, closeTimeout: 30_000 });
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 180_000);

  it('answers a query string over the header limit with a coded envelope', async () => {
    const q = `keyword=${'a'.repeat(20_000)}`;
    const res = await raw(port, `GET ${api.terminal.list.path}?${q} HTTP/1.1\r\nHost: x\r\n\r\n`);
    // SPEC §7: every call is answered with HTTP 200 and the envelope.
    expect(res.status).toBe(200);
    const json = envelope(res.body);
    expect([json.code, json.msg]).toEqual([Code.invalid, Messages.requestTooLarge]);
  });

  it('answers a request Node cannot parse with a coded envelope', async () => {
    const res = await raw(port, 'GET /v1/x HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(res.status).toBe(200);
    expect(envelope(res.body).code).toBe(Code.invalid);
  });

  it.each([
    ['a malformed URL', { method: 'GET' as const, url: '/v1/%zz' }, 'invalidParams'],
    [
      'bad JSON',
      {
        method: 'POST' as const,
        url: api.auth.logout.path,
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      },
      'invalidParams',
    ],
    [
      'a body over the limit',
      {
        method: 'POST' as const,
        url: api.auth.logout.path,
        headers: { 'content-type': 'application/json' },
        payload: `{"a":"${'x'.repeat(3 * 1024 * 1024)}"}`,
      },
      'requestTooLarge',
    ],
    [
      'an unsupported media type',
      {
        method: 'POST' as const,
        url: api.auth.logout.path,
        headers: { 'content-type': 'text/x-nothing' },
        payload: 'x',
      },
      'invalidParams',
    ],
  ] as const)('answers %s with a coded envelope', async (_, req, key) => {
    const res = await t.app.inject(req);
    const json = envelope(res.body);
    expect([json.code, json.msg]).toEqual([Code.invalid, Messages[key]]);
  });
});
