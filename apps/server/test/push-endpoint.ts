import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, Code } from '@ptt/contract';
import { expect } from 'vitest';
import webpush from 'web-push';
import type { Address, PushNetwork } from '../src/modules/push/network.ts';
import { type Session, startTestApp, type TestApp } from './harness.ts';

/**
 * A push service of the test's own on 127.0.0.1, and a browser's side of a subscription: the P-256 key
 * pair and auth secret a PushSubscription holds, and the decryption of RFC 8291 (aes128gcm, RFC 8188)
 * that a browser does, written here with node:crypto alone.
 */

const b64url = (buf: Buffer) => buf.toString('base64url');

export interface BrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return {
    p256dh: b64url(uaPublic),
    auth: b64url(authSecret),
    decrypt(body) {
      // The header block: salt (16), record size (4), key id length (1), key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const rs = body.readUInt32BE(16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const records = body.subarray(21 + idlen);
      if (records.length > rs) throw new Error('more than one record');
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 * with ES256 by that key, for the push service's origin. Returns the JWT's claims.
 */
export function checkVapid(headers: IncomingHttpHeaders, publicKey: string, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [jwt, key] = [m[1], m[2]];
  if (key !== publicKey) throw new Error('VAPID key is not the configured one');
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33, 65)),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
  };
  if (parsed.aud !== origin) throw new Error(`VAPID audience ${parsed.aud} is not ${origin}`);
  return parsed;
}

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  origin: string;
  deliveries: Delivery[];
  /** The HTTP status a path answers (201 Created unless set). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const deliveries: Delivery[] = [];
  const answer = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    deliveries,
    answer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The public address the stubbed resolver gives the test's push service's name. */
export const pushHost = 'push.example.com';
export const pushOrigin = `https://${pushHost}`;

export interface StubNetwork extends PushNetwork {
  /** Every post the app made: the endpoint and the address it was sent to. */
  posts: { endpoint: string; to: Address }[];
  /** Names and the addresses the stubbed resolver gives them. */
  names: Map<string, string[]>;
}

/**
 * A network for the app whose resolver is a table (push.example.com resolves to a public address) and
 * whose posts, once the app has checked the address, go to the test's own push service on the loopback.
 * No name resolves through the system and nothing is sent anywhere else.
 */
export function stubNetwork(push: PushEndpoint): StubNetwork {
  const names = new Map<string, string[]>([[pushHost, ['93.184.215.14']]]);
  const posts: StubNetwork['posts'] = [];
  return {
    posts,
    names,
    resolve: async (host) => {
      const found = names.get(host);
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    post: async (endpoint, to, message) => {
      posts.push({ endpoint: endpoint.toString(), to });
      const headers = Object.fromEntries(
        Object.entries(message.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(`${push.origin}${endpoint.pathname}`, {
        method: message.method,
        headers,
        body: message.body ? new Uint8Array(message.body) : null,
      });
      await res.body?.cancel();
      return res.status;
    },
  };
}

/** A VAPID key pair of the test file's own, and the server settings that carry it. */
export function vapidSettings() {
  const keys = webpush.generateVAPIDKeys();
  return {
    vapid: keys,
    config: {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:operator@example.com',
    },
  };
}

/** A test app whose Web Push posts reach a push service of the test's own, through the stubbed network. */
export async function startPushApp(backend: 'pglite' | 'postgres', env: Record<string, string>) {
  const push = await startPushEndpoint();
  const net = stubNetwork(push);
  const t = await startTestApp(backend, env, { pushNetwork: net });
  return { t, push, net };
}

/**
 * Subscribes through the API as a browser would; the app's network resolves push.example.com to a
 * public address and its posts reach the test's own push service on the loopback.
 */
export async function subscribeBrowser(
  t: TestApp,
  s: Session,
  name: string,
  lang: 'en' | 'cn' | 'cn2' = 'en',
) {
  const keys = browserKeys();
  const endpoint = `${pushOrigin}/${name}`;
  const res = await t.call(api.push.subscribe, { endpoint, p256dh: keys.p256dh, auth: keys.auth, lang }, s);
  expect(res.code).toBe(Code.ok);
  return keys;
}
