import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { api, Code, fail } from '@ptt/contract';
import { DeviceClient } from '@ptt/simulator';
import { resetCredentials } from '../../apps/server/src/modules/device/provision.ts';
import {
  call,
  freePort,
  type Instance,
  login,
  ReconnectingStream,
  type Send,
  type SharedDatabase,
  sharedDatabase,
  sleep,
  startInstance,
} from '../support/instances.ts';

const admin = process.env.TEST_DATABASE_URL;
const nginx = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (p): p is string => !!p && existsSync(p),
);
const proxyConf = fileURLToPath(new URL('../../deploy/nginx/ptt-console-proxy.conf', import.meta.url));
const httpConf = fileURLToPath(new URL('../../deploy/nginx/ptt-console-http.conf', import.meta.url));
const skip = !nginx
  ? 'nginx is not installed (apt-get install nginx; .ci/run installs it): the flow through the proxy is skipped'
  : !admin
    ? 'needs TEST_DATABASE_URL (PostgreSQL): two instances share one database'
    : false;
if (skip) console.log(`proxy.spec: ${skip}`);

/**
 * nginx with the committed proxy settings (deploy/nginx) in front of two server processes on one
 * PostgreSQL, over plain HTTP on the loopback (TLS ends at the same server block in production). One
 * worker process keeps round robin strict, and each answer names the instance that served it. The
 * access log is written in the shipped format, as the shipped site writes it.
 */
async function startNginx(port: number, upstreams: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'ptt-nginx-'));
  mkdirSync(join(dir, 'logs'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  include ${httpConf};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream ptt_console {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    access_log ${dir}/logs/access.log ptt_console;
    add_header X-Upstream $upstream_addr always;
    include ${proxyConf};
  }
}
`,
  );
  const child: ChildProcess = spawn(nginx as string, ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${out}`);
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error(`nginx did not start: ${out}`);
    await sleep(50);
  }
  return {
    url,
    accessLog: () => readFileSync(join(dir, 'logs', 'access.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('two instances behind nginx', { skip }, () => {
  let shared: SharedDatabase;
  let a: Instance;
  let b: Instance;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  before(async () => {
    shared = await sharedDatabase(admin as string);
    const [pa, pb, pp] = [await freePort(), await freePort(), await freePort()];
    [a, b] = await Promise.all([
      startInstance(shared.url, pa, { TRUST_PROXY: 'true' }),
      startInstance(shared.url, pb, { TRUST_PROXY: 'true' }),
    ]);
    proxy = await startNginx(pp, [pa, pb]);
  });
  after(async () => {
    await proxy?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await shared?.drop();
  });

  it('signs in on one, sees a sale on the other, streams an SOS across them, and a logout ends both', async () => {
    // Every call through the proxy, noting which instance answered.
    let servedBy = '';
    const viaProxy: Send = async (path, init) => {
      const res = await fetch(`${proxy.url}${path}`, init);
      servedBy = res.headers.get('x-upstream') ?? '';
      return res;
    };
    /** Sends `fn` through the proxy until the instance other than `not` answers it (round robin). */
    const onOtherThan = async <T>(not: string, fn: () => Promise<T>) => {
      for (let i = 0; i < 6; i++) {
        const r = await fn();
        if (servedBy && servedBy !== not) return r;
      }
      throw new Error(`never served by other than ${not}`);
    };

    const top = await login(viaProxy, shared.database.db, 0, 'agent01', 'agent123');
    const signedInOn = servedBy;
    assert.match(signedInOn, /^127\.0\.0\.1:\d+$/);
    const list = await onOtherThan(signedInOn, () => call(viaProxy, api.agent.list, top));
    assert.equal(list.code, 20001, 'the session made on one instance holds on the other');
    const sub = list.data.list[0].id;

    const count = async () => {
      const d = await call(viaProxy, api.agent.detail, { ...top, id: sub });
      assert.equal(d.code, 20001);
      return JSON.stringify(d.data);
    };
    const before = await count();
    const sale = await call(viaProxy, api.agent.blanceAdd, {
      ...top,
      agentId: sub,
      cardType: 0,
      quantity: 3,
    });
    assert.equal(sale.code, 20001, sale.msg.en);
    const soldOn = servedBy;
    const seen = await onOtherThan(soldOn, count);
    assert.notEqual(seen, before, 'the sale made on one instance is read on the other');

    // A console streams from one instance; a radio's SOS goes through the proxy to the other.
    const company = await login(viaProxy, shared.database.db, 1, 'company01', 'company123');
    let streamOn = '';
    const stream = new ReconnectingStream(async (path, init) => {
      const res = await viaProxy(path, init);
      streamOn = servedBy;
      return res;
    }, company);
    await stream.open();
    const { ssid, password } = (await resetCredentials(shared.database.db, 'company01', { count: 1 }))
      .terminals[0];
    const radio = new DeviceClient(proxy.url, async (url, init) => {
      const res = await fetch(url, init);
      servedBy = res.headers.get('x-upstream') ?? '';
      return res;
    });
    await radio.login(ssid, password);
    // Round robin: after an answer from the stream's instance, the next call goes to the other.
    for (let i = 0; i < 4 && servedBy !== streamOn; i++) await radio.heartbeat();
    const raised = await radio.sos(22.3, 114.17, new Date());
    assert.notEqual(servedBy, streamOn, 'the SOS went through the other instance');
    const event = await stream.until((e) => e.event === 'sos.raised', 5000);
    assert.equal((event.data as { id: number }).id, raised.id);
    stream.close();

    // A logout through the proxy ends the session on every instance.
    assert.equal((await call(viaProxy, api.auth.logout, top)).code, 20001);
    for (const instance of [a, b]) {
      const direct: Send = (path, init) => fetch(`${instance.url}${path}`, init);
      const after = await call(direct, api.agent.list, top);
      assert.notEqual(after.code, 20001, `the session still held on ${instance.url}`);
    }
  });

  it('writes no password or token in its access log, and shows no version', async () => {
    const viaProxy: Send = (path, init) => fetch(`${proxy.url}${path}`, init);
    const session = await login(viaProxy, shared.database.db, 0, 'agent01', 'agent123');
    assert.equal((await call(viaProxy, api.agent.list, session)).code, 20001);
    const log = proxy.accessLog();
    assert.match(log, /"GET \/v1\/agent\/list HTTP\/1\.1" 200/, 'the call is logged');
    for (const secret of ['agent123', session.access_token, 'password=', 'access_token=', '?'])
      assert.ok(!log.includes(secret), `the access log holds ${secret}`);
    const res = await fetch(`${proxy.url}/healthz`);
    assert.equal(res.headers.get('server'), 'nginx');
  });

  it('sends one HSTS header, and answers a body or URL too large with the envelope', async () => {
    const res = await fetch(`${proxy.url}${api.auth.getAppInfo.path}`);
    assert.equal(res.headers.get('strict-transport-security'), 'max-age=31536000', 'one header, not two');
    const tooLarge = fail(Code.invalid, 'requestTooLarge');
    const body = await fetch(`${proxy.url}${api.feedback.send.path}`, {
      method: 'POST',
      body: new Uint8Array(13 * 1024 * 1024),
    });
    assert.equal(body.status, 200);
    assert.deepEqual(await body.json(), tooLarge);
    const url = await fetch(`${proxy.url}${api.agent.list.path}?access_token=${'a'.repeat(9000)}`);
    assert.equal(url.status, 200);
    assert.deepEqual(await url.json(), tooLarge);
    assert.equal(url.headers.get('strict-transport-security'), 'max-age=31536000');
  });
});
