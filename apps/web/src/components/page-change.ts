import type { DataOf, Endpoint, ParamsOf } from '@ptt/contract';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../api/use-endpoint-mutation.ts';
import { confirm } from './confirm.ts';
import { showToast } from './toast.ts';

interface After<R> {
  /** The toast once the server has made the change, worded from its answer when it is a function. */
  done: string | ((answer: R) => string);
  /** The page that shows the result, opened in place of this one. */
  open?: string;
  /** The question, confirm and cancel texts asked first, for a change that cannot be undone. */
  ask?: readonly [question: string, confirmText: string, cancelText: string];
}

/**
 * Sends a change from a page: asks first when it should, shows its toast once the server has made it and
 * opens the page that shows the result. A refusal leaves the page as it is: the client has shown the
 * server's message. Resolves whether the change was made.
 */
export const usePageChange = () => {
  const navigate = useNavigate();
  return async <R>(send: () => Promise<R>, { done, open, ask }: After<R>) => {
    if (ask && !(await confirm(...ask))) return false;
    try {
      const answer = await send();
      showToast(typeof done === 'function' ? done(answer) : done);
      if (open) navigate(open, { replace: true });
      return true;
    } catch {
      return false;
    }
  };
};

/** A change to one endpoint sent from a page the same way, fetching again what it `invalidates`. */
export const useEndpointChange = <E extends Endpoint>(endpoint: E, invalidates: readonly Endpoint[]) => {
  const change = usePageChange();
  const mutation = useEndpointMutation(endpoint, { invalidates });
  return (params: ParamsOf<E>, after: After<DataOf<E>>) => change(() => mutation.mutateAsync(params), after);
};
