import { api, type Msg, rules } from '@ptt/contract';
import { ApiError } from '../../api/client.ts';
import type { LoginData } from '../../api/types.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';

/**
 * The login's calls and validation. They need the contract's endpoint table, zod and TanStack Query, so
 * the login page loads this module on the visitor's first input (its `warm`) instead of with the page.
 */

export const credentialsRule = rules.loginCredentials;

export interface LoginRequest {
  appId: string | undefined;
  appSecret: string | undefined;
  role: 0 | 1;
  username: string;
  password: string;
}

/** The login call after a verified slide, bound to the slide's token and x. */
export type LogIn = (request: LoginRequest) => Promise<LoginData>;

/** The login's calls, as endpoint mutations (in the login puzzle's query cache). */
export const useLoginCalls = () => {
  // Every load makes a new puzzle on the server: a change, not a read to cache.
  const puzzle = useEndpointMutation(api.auth.getImg);
  // A failed slide must not toast: the puzzle shows the failure itself and loads a new one.
  const verify = useEndpointMutation(api.auth.verifyImageCode, { call: { toast: false } });
  // GET /v1/auth/access_token: its errors are shown by the form, not toasted.
  const accessToken = useEndpointMutation(api.auth.accessToken, { call: { toast: false } });
  return {
    loadPuzzle: () => puzzle.mutateAsync({}),
    verifyPuzzle: (token: string, x: number): Promise<boolean> =>
      verify.mutateAsync({ token, x }).then(
        () => true,
        () => false,
      ),
    logIn:
      (token: string, x: number): LogIn =>
      (request) =>
        accessToken.mutateAsync({
          appId: request.appId,
          appSecret: request.appSecret,
          user_type: request.role,
          username: request.username,
          password: request.password,
          platform: 'web',
          token,
          x,
        }),
  };
};

/** The server message of a failed login that the client has not shown yet (the form shows it). */
export const unshownMessage = (failure: unknown): Msg | null =>
  failure instanceof ApiError && !failure.handled ? failure.msg : null;

export { localize } from '../../api/client.ts';
