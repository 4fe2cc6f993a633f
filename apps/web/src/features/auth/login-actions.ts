import { api, type Msg, rules } from '@ptt/contract';
import { ApiError, call } from '../../api/client.ts';
import type { LoginData, Puzzle } from '../../api/types.ts';

/**
 * The login's calls and validation. They need the contract's endpoint table and zod, so the login page
 * loads this module on the visitor's first input (its `warm`) instead of with the page.
 */
export const credentialsRule = rules.loginCredentials;

export const loadPuzzle = (): Promise<Puzzle> => call(api.auth.getImg, {});

/** A failed slide must not toast: the puzzle shows the failure itself and loads a new one. */
export const verifyPuzzle = (token: string, x: number): Promise<boolean> =>
  call(api.auth.verifyImageCode, { token, x }, { toast: false }).then(
    () => true,
    () => false,
  );

export interface LoginRequest {
  appId: string | undefined;
  appSecret: string | undefined;
  role: 0 | 1;
  username: string;
  password: string;
  token: string;
  x: number;
}

/** GET /v1/auth/access_token after a verified slide; errors are shown by the form, not toasted. */
export const logIn = (request: LoginRequest): Promise<LoginData> =>
  call(
    api.auth.accessToken,
    {
      appId: request.appId,
      appSecret: request.appSecret,
      user_type: request.role,
      username: request.username,
      password: request.password,
      platform: 'web',
      token: request.token,
      x: request.x,
    },
    { toast: false },
  );

/** The server message of a failed login that the client has not shown yet (the form shows it). */
export const unshownMessage = (failure: unknown): Msg | null =>
  failure instanceof ApiError && !failure.handled ? failure.msg : null;

export { localize } from '../../api/client.ts';
