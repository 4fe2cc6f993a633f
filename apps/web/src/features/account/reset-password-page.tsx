import { api, Limits, rules } from '@ptt/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { QueryScope } from '../../api/query-scope.tsx';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { loginLanguages } from '../../i18n/languages.ts';
import {
  getRememberedAccount,
  getStoredRole,
  setRememberedAccount,
  setStoredRole,
} from '../../lib/storage.ts';
import { DonePanel } from './done-panel.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import './account.css';

type Step = 'verify' | 'password' | 'done';

const rememberedFor = (role: 0 | 1) => {
  const remembered = getRememberedAccount();
  return remembered?.role === role ? remembered.account : '';
};

const codeField = (error: unknown) =>
  error instanceof ApiError && (error.data as { field?: unknown } | null)?.field === 'code';

/**
 * /resetPwd, reachable without login (docs/decisions.md). Role, account and the phone bound to the
 * account get a code; the code is checked before the new password is asked for and spent by the reset,
 * which ends every session of the account. The page is outside the signed-in screens, so it brings its
 * own query cache.
 */
export const Component = () => (
  <QueryScope>
    <ResetPassword />
  </QueryScope>
);

const ResetPassword = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [role, setRole] = useState<0 | 1>(getStoredRole);
  const [step, setStep] = useState<Step>('verify');
  // The form shows the server's refusal under the field it names (`toast: false`).
  const verifyCode = useEndpointMutation(api.jsp.verificationCode, { call: { toast: false } });
  const setPassword = useEndpointMutation(api.jsp.setPhoneAndPwd, { call: { toast: false } });
  const form = useRuleForm({
    account: rememberedFor(getStoredRole()),
    phone: '',
    code: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { values, errors } = form;
  const account = values.account.trim();
  const who = { purpose: 'resetPwd' as const, role, account, phone: values.phone.trim() };

  const verify = async () => {
    if (!form.check([api.jsp.sendSms.params, who], [rules.enteredCode, values.code, 'code'])) return;
    await form.run(async () => {
      const check = { purpose: 'resetPwd' as const, role, account, code: values.code };
      await verifyCode.mutateAsync(check);
      setStep('password');
    });
  };

  const reset = async () => {
    if (!form.check([rules.passwordPair, values])) return;
    await form.run(async () => {
      const { newPassword, confirmPassword, code } = values;
      try {
        await setPassword.mutateAsync({ role, account, code, newPassword, confirmPassword });
      } catch (error) {
        // A code that expired meanwhile is shown where it was entered.
        if (codeField(error)) setStep('verify');
        throw error;
      }
      setStoredRole(role);
      setRememberedAccount({ role, account });
      setStep('done');
    });
  };

  const submit = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    form.guard(() => void action())();
  };
  const input = (name: 'account' | 'phone' | 'newPassword' | 'confirmPassword', extra: Partial<Input>) => (
    <FormInput
      id={`reset-pwd-${name}`}
      value={values[name]}
      onChange={form.set(name)}
      error={errors[name]}
      label=""
      maxLength={Limits.loginFieldMax}
      {...extra}
    />
  );

  let body: ReactNode;
  if (step === 'done') {
    body = (
      <DonePanel title={t('account.reset.doneTitle')} text={t('account.reset.doneText')}>
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="to-login"
          onClick={() => navigate('/', { replace: true })}
        >
          {t('account.reset.toLogin')}
        </button>
      </DonePanel>
    );
  } else if (step === 'verify') {
    body = (
      <form id="reset-pwd" className="section" noValidate onSubmit={submit(verify)}>
        <fieldset className="account-roles">
          <legend className="field__label">{t('account.reset.role')}</legend>
          <div className="chips">
            {([0, 1] as const).map((r) => (
              <button
                key={r}
                type="button"
                className="chip"
                data-testid={r === 0 ? 'reset-role-agent' : 'reset-role-org'}
                aria-pressed={role === r}
                onClick={() => {
                  if (r === role) return;
                  setRole(r);
                  form.setValues((v) => ({ ...v, account: rememberedFor(r), code: '' }));
                }}
              >
                {t(r === 0 ? 'login.agent' : 'login.org')}
              </button>
            ))}
          </div>
        </fieldset>
        {input('account', {
          label: t('account.reset.account'),
          placeholder: t('account.reset.accountPlaceholder'),
          autoComplete: 'username',
        })}
        {input('phone', {
          label: t('account.reset.phone'),
          placeholder: t('account.reset.phonePlaceholder'),
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel',
        })}
        <SmsCodeField
          id="reset-pwd-code"
          value={values.code}
          onChange={form.set('code')}
          error={errors.code}
          unconfirmed
          target={() => (form.check([api.jsp.sendSms.params, who]) ? who : null)}
        />
        <SubmitButton busy={form.busy} locked={form.locked} text={t('account.reset.next')} />
        <p className="account-note">{t('account.reset.noPhone')}</p>
      </form>
    );
  } else {
    body = (
      <form id="reset-pwd" className="section" noValidate onSubmit={submit(reset)}>
        {input('newPassword', {
          label: t('account.pwd.new'),
          placeholder: t('account.pwd.newPlaceholder'),
          type: 'password',
          autoComplete: 'new-password',
        })}
        {input('confirmPassword', {
          label: t('account.pwd.confirm'),
          placeholder: t('account.pwd.confirmPlaceholder'),
          type: 'password',
          autoComplete: 'new-password',
        })}
        <SubmitButton busy={form.busy} locked={form.locked} text={t('account.reset.submit')} />
      </form>
    );
  }

  return (
    <div className="page account-page" data-testid="reset-pwd-page">
      <PageHeader title={t('account.reset.title')} backTo="/" />
      <div className="account-toolbar">
        <LanguageSwitch options={loginLanguages} />
      </div>
      {step !== 'done' && (
        <ol className="account-steps">
          {(['verify', 'password'] as const).map((s, i) => (
            <li key={s} aria-current={step === s ? 'step' : undefined}>
              <span className="account-steps__number" aria-hidden>
                {i + 1}
              </span>
              {t(s === 'verify' ? 'account.reset.stepVerify' : 'account.reset.stepPassword')}
            </li>
          ))}
        </ol>
      )}
      {body}
    </div>
  );
};

type Input = Parameters<typeof FormInput>[0];
