import type { Msg } from '@ptt/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAppInfo } from '../../api/app-info.ts';
import { formWide, type RuleFormState } from '../../components/form/use-rule-form.ts';
import { setLoginInfo, setRememberedAccount } from '../../lib/storage.ts';
import type { LogIn } from './login-actions.ts';
import type { RoleValue } from './use-login-fields.ts';

type Actions = typeof import('./login-actions.ts');
const loadActions = (): Promise<Actions> => import('./login-actions.ts');

interface Fields {
  role: RoleValue;
  form: RuleFormState<{ account: string; password: string }>;
}

/**
 * SPEC §4 login: validate, then the slider puzzle, and only after a verified slide the login call.
 * Errors are shown in the form (not toasted), in the active language.
 */
export const useLogin = ({ role, form }: Fields) => {
  const { account, password } = form.values;
  const navigate = useNavigate();
  // A server message, kept untranslated so it follows a language switch; the rule's message is the form's.
  const [failure, setFailure] = useState<Msg | null>(null);
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // Set once the actions have loaded; a server message can only exist after that.
  const actions = useRef<Actions | null>(null);

  const getActions = async (): Promise<Actions> => {
    actions.current ??= await loadActions();
    return actions.current;
  };

  const submit = async () => {
    const { credentialsRule } = await getActions();
    setFailure(null);
    if (form.check([credentialsRule, { username: account, password }, formWide])) setPuzzleOpen(true);
  };

  const onPuzzleSolved = async (logIn: LogIn) => {
    setPuzzleOpen(false);
    setPending(true);
    try {
      const app = await loadAppInfo();
      const username = account.trim();
      const info = await logIn({ appId: app?.appid, appSecret: app?.appsecret, role, username, password });
      setLoginInfo({ access_token: info.access_token, openid: info.openid, role: info.role });
      setRememberedAccount({ role, account: username });
      navigate('/home', { replace: true });
    } catch (failure) {
      const msg = actions.current?.unshownMessage(failure);
      if (msg) setFailure(msg);
    } finally {
      setPending(false);
    }
  };

  return {
    error: failure ? (actions.current?.localize(failure) ?? '') : (form.errors[formWide] ?? null),
    clearError: () => setFailure(null),
    submit: () => void submit(),
    pending,
    puzzle: {
      visible: puzzleOpen,
      onSolved: (logIn: LogIn) => void onPuzzleSolved(logIn),
      onClose: () => setPuzzleOpen(false),
    },
  };
};
