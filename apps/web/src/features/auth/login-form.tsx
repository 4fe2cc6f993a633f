import { Limits } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { LockOutline, UserOutline } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyLoginPuzzle, preloadLoginPuzzle } from './lazy-login-puzzle.tsx';
import { RoleTabs } from './role-tabs.tsx';
import { TextField } from './text-field.tsx';
import { useLogin } from './use-login.ts';
import { useLoginFields } from './use-login-fields.ts';

const panelId = 'login-panel';
const errorId = 'login-error';

export const LoginForm = () => {
  const { t } = useTranslation();
  const { role, chooseRole, form } = useLoginFields();
  const login = useLogin({ role, form });
  // The puzzle stays mounted after its first opening so closing it can animate.
  const [puzzleMounted, setPuzzleMounted] = useState(false);
  if (login.puzzle.visible && !puzzleMounted) setPuzzleMounted(true);

  const edit = (name: 'account' | 'password') => (value: string) => {
    form.set(name)(value);
    login.clearError();
  };

  return (
    <section className="login-card">
      <RoleTabs
        role={role}
        panelId={panelId}
        onChange={(role) => {
          chooseRole(role);
          login.clearError();
        }}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`role-tab-${role === 0 ? 'agent' : 'org'}`}>
        <form
          className="login-form"
          noValidate
          onFocus={preloadLoginPuzzle}
          onSubmit={(event) => {
            event.preventDefault();
            form.guard(login.submit)();
          }}
        >
          <TextField
            id="username"
            label={t('login.account')}
            icon={<UserOutline />}
            value={form.values.account}
            onChange={edit('account')}
            placeholder={t('login.accountPlaceholder')}
            maxLength={Limits.loginFieldMax}
            autoComplete="username"
            invalid={login.error !== null}
            describedBy={login.error ? errorId : undefined}
          />
          <TextField
            id="password"
            label={t('login.password')}
            icon={<LockOutline />}
            value={form.values.password}
            onChange={edit('password')}
            placeholder={t('login.passwordPlaceholder')}
            maxLength={Limits.loginFieldMax}
            autoComplete="current-password"
            invalid={login.error !== null}
            describedBy={login.error ? errorId : undefined}
            secret
          />
          <p id={errorId} className="login-form__error" role="alert" data-testid="login-error">
            {login.error}
          </p>
          <Button
            type="submit"
            color="primary"
            size="large"
            block
            shape="rounded"
            className="login-form__submit"
            loading={login.pending}
            loadingText={t('login.submitting')}
            disabled={form.locked || login.pending}
          >
            {t('login.submit')}
          </Button>
          <Link to="/resetPwd" className="login-form__forgot" data-testid="forgot-password">
            {t('account.reset.forgot')}
          </Link>
        </form>
      </div>
      {puzzleMounted && (
        <Suspense fallback={null}>
          <LazyLoginPuzzle
            {...login.puzzle}
            title={t('puzzle.title')}
            hint={t('puzzle.hint')}
            successText={t('msg.puzzleOk')}
            failText={t('msg.puzzleError')}
            refreshLabel={t('puzzle.refresh')}
            closeLabel={t('puzzle.close')}
            loadingText={t('puzzle.loading')}
            errorText={t('puzzle.error')}
            retryText={t('puzzle.retry')}
          />
        </Suspense>
      )}
    </section>
  );
};
