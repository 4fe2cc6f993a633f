import {
  Code,
  type DataOf,
  displayMessage,
  type Endpoint,
  IdempotencyHeader,
  Limits,
  Messages,
  type Msg,
  type ParamsOf,
  type Route,
} from '@ptt/contract';
import { currentLanguage } from '../i18n/i18n.ts';
import { msgField } from '../i18n/languages.ts';
import { config } from '../lib/config.ts';
import { clearLoginInfo, getLoginInfo } from '../lib/storage.ts';
import { setOffline } from './network-state.ts';
import { transportHooks } from './transport-hooks.ts';

/** A call that came back with a code other than 20001 (or never came back). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: Msg;
  /** True when the client has already told the user (toast, return to login): callers need not. */
  readonly handled: boolean;
  /** The answer's data, when an error carries details (the SSIDs a batch found in use). */
  readonly data: unknown;

  constructor(code: number, msg: Msg, handled: boolean, data: unknown = null) {
    super(localize(msg));
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.handled = handled;
    this.data = data;
  }
}

export interface CallOptions {
  /** false: the caller shows business errors itself (login form, puzzle check). Session and transport
   * failures still toast, because they also leave the page. */
  toast?: boolean;
  /** Cancels the call without any message (TanStack Query passes one when a query is dropped). */
  signal?: AbortSignal;
  /** Parameters that travel in a JSON body instead of the query (/v1/terminal/batch sends its SSIDs so). */
  jsonBody?: readonly string[];
  /** Files sent as a multipart body, by field name (an intake's file); the parameters stay in the query. */
  upload?: Readonly<Record<string, Blob>>;
  /** Sends the session with a public endpoint: sendSms and verificationCode act for the signed-in
   * account, except when they serve a forgotten password. */
  session?: boolean;
  /** A spending call's key (Idempotency-Key): the same key on a retry makes the server answer the first
   * call's answer instead of spending twice. */
  idempotencyKey?: string;
}

export type ParamValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** The text of a server message in the active language, as SPEC §8 shows it. */
export const localize = (msg: Msg): string => displayMessage(msg[msgField[currentLanguage()]] || msg.en);

/** GET and POST alike carry their parameters in the query (SPEC §7); the token rides along when signed in. */
export const buildUrl = (
  endpoint: Route,
  params: Record<string, ParamValue> = {},
  withSession: boolean = endpoint.access !== 'public',
): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const login = getLoginInfo();
  if (login && withSession) {
    query.set('access_token', login.access_token);
    query.set('openid', login.openid);
  }
  const text = query.toString();
  return `${config.apiBase}${endpoint.path}${text ? `?${text}` : ''}`;
};

const isMsg = (value: unknown): value is Msg =>
  typeof value === 'object' && value !== null && typeof (value as Msg).en === 'string';

interface RawEnvelope {
  code: number;
  msg: Msg;
  data: unknown;
}

/** An answer whose body never fully arrived: the connection broke, or the page left, while it was read. */
const cutOff = Symbol('cut off');

/**
 * The answer's envelope; null when the body is no envelope (a proxy's error page), `cutOff` when it could
 * not be read to its end (reading fails with a TypeError or an AbortError, where a body that is not JSON
 * fails with a SyntaxError).
 */
const readEnvelope = async (response: Response): Promise<RawEnvelope | null | typeof cutOff> => {
  let body: Partial<RawEnvelope> | null;
  try {
    body = (await response.json()) as Partial<RawEnvelope> | null;
  } catch (error) {
    return error instanceof SyntaxError ? null : cutOff;
  }
  if (!body || typeof body.code !== 'number') return null;
  return { code: body.code, msg: isMsg(body.msg) ? body.msg : Messages.internalError, data: body.data };
};

/**
 * Whether this page is going away (a reload, another address typed, a link to another document): its calls
 * are cut off then, which says nothing of the server or the session. Session storage is the tab's, not the
 * page's, so a call that ended the sign-in here would sign out the page that comes next.
 */
let pageLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    pageLeaving = true;
  });
  // Back from the back-forward cache: the page lives again.
  window.addEventListener('pageshow', () => {
    pageLeaving = false;
  });
}

/** What a call that got no answer rejects with: the page stays, under the offline notice (unless it is leaving). */
const noAnswer = (): ApiError => {
  if (!pageLeaving) setOffline(true);
  return new ApiError(Code.internal, Messages.offline, true);
};

/** Leaves for the login page with a message; the returned error rejects the call. */
const leave = (code: number, msg: Msg): ApiError => {
  transportHooks.toast(localize(msg));
  // The login page sends whoever is signed in home: leaving for it ends the sign-in on this device.
  clearLoginInfo();
  transportHooks.toLogin();
  return new ApiError(code, msg, true);
};

const send = async (
  url: string,
  method: string,
  signal: AbortSignal | undefined,
  body?: Record<string, unknown> | FormData,
  idempotencyKey?: string,
): Promise<Response> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Limits.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    // POST sends its payload in the URL like the vendor's backend expects, so the body stays empty
    // unless the endpoint takes a JSON body.
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (idempotencyKey) headers[IdempotencyHeader] = idempotencyKey;
    if (!body) return await fetch(url, { method, signal: controller.signal, headers });
    // The browser writes a multipart body's type itself, with its boundary.
    if (body instanceof FormData)
      return await fetch(url, { method, signal: controller.signal, headers, body });
    headers['Content-Type'] = 'application/json';
    return await fetch(url, { method, signal: controller.signal, headers, body: JSON.stringify(body) });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
};

/** fetch rejects with a TypeError when no answer came back; the browser may also know it is offline. */
const isNetworkFailure = (error: unknown): boolean =>
  navigator.onLine === false || error instanceof TypeError;

/** Calls one endpoint of the contract and resolves its data, or rejects with an ApiError. */
export const call = <E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
  options: CallOptions = {},
): Promise<DataOf<E>> =>
  request(endpoint, params as Record<string, ParamValue>, options) as Promise<DataOf<E>>;

/**
 * `call` by route alone, for a call made before the endpoint table (and zod with it) has loaded: the
 * caller names the type of the data.
 */
export const request = async (
  endpoint: Route,
  params?: Record<string, ParamValue>,
  options: CallOptions = {},
): Promise<unknown> => {
  const all = { ...(params ?? {}) };
  let body: Record<string, unknown> | FormData | undefined;
  if (options.upload) {
    body = new FormData();
    for (const [key, file] of Object.entries(options.upload)) body.append(key, file);
  } else if (options.jsonBody?.length) {
    body = {};
    for (const key of options.jsonBody) {
      body[key] = all[key];
      delete all[key];
    }
  }
  const url = buildUrl(endpoint, all, options.session || endpoint.access !== 'public');
  let response: Response;
  try {
    response = await send(url, endpoint.method, options.signal, body, options.idempotencyKey);
  } catch (error) {
    // A query dropped by its caller is no failure of the server: stay silent.
    if (options.signal?.aborted) throw error;
    // No answer at all (no network, the server out of reach, or this page leaving): the page stays,
    // under the offline notice, instead of going back to the login page (docs/decisions.md). A timeout
    // still leaves.
    if (pageLeaving || isNetworkFailure(error)) throw noAnswer();
    throw leave(Code.internal, Messages.serverException);
  }
  setOffline(false);
  const envelope = await readEnvelope(response);
  // The answer was cut off while it was read (the page left for another, the connection broke): that
  // is no answer, not a server exception that ends the sign-in.
  if (envelope === cutOff || pageLeaving) throw noAnswer();
  if (response.status === Code.loginTimeoutStatus || envelope?.code === Code.loginTimeoutStatus) {
    // The login is over: without its info the guard keeps /home closed until the next sign-in.
    clearLoginInfo();
    throw leave(Code.loginTimeoutStatus, Messages.loginTimeout);
  }
  if (!envelope) throw leave(Code.internal, Messages.serverException);
  if (envelope.code === Code.ok) return envelope.data;
  if (envelope.code === Code.unauthorized) {
    // The first call to find the session over says why the login page is back; the others are quiet.
    if (getLoginInfo()) transportHooks.toast(localize(envelope.msg));
    clearLoginInfo();
    transportHooks.toLogin();
    throw new ApiError(envelope.code, envelope.msg, true);
  }
  const toast = options.toast !== false;
  const error = new ApiError(envelope.code, envelope.msg, toast, envelope.data);
  if (toast) transportHooks.toast(error.message);
  throw error;
};
