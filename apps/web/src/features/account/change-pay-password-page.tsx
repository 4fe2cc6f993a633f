import { api, Limits, rules } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import { DonePanel } from './done-panel.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import './account.css';

const empty = { cardPwd: '', confirmCardPwd: '', code: '' };
const digits = (value: string) => value.replace(/\D/g, '');

/**
 * /changePayPwd: the 6-digit service card password that sales and recycling ask for, entered twice and
 * confirmed with a code sent to the agent's bound phone. Setting and changing it work the same way, so a
 * forgotten one is simply replaced.
 */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const me = useAgentInfo(isAgent);
  // The profile tells whether a payment password is set.
  const updateCardPwd = useEndpointMutation(api.jsp.updateCardPwd, {
    invalidates: [api.profile.agent],
    call: { toast: false },
  });
  const form = useRuleForm(empty);
  const [done, setDone] = useState(false);
  const { values, errors } = form;
  if (!isAgent) return <Navigate to="/main" replace />;

  const parts = (): RulePart[] => [
    [rules.cardPwdPair, values],
    [rules.enteredCode, values.code, 'code'],
  ];
  const submit = async () => {
    await updateCardPwd.mutateAsync(values);
    setDone(true);
  };

  const phone = me.data?.phone ?? '';
  const pwdInput = (name: 'cardPwd' | 'confirmCardPwd', label: string, placeholder: string) => (
    <FormInput
      id={`pay-pwd-${name}`}
      label={label}
      value={values[name]}
      onChange={(value) => form.set(name)(digits(value))}
      error={errors[name]}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      maxLength={Limits.cardPwdLength}
    />
  );

  return (
    <div className="page account-page" data-testid="change-pay-pwd">
      <PageHeader title={t('account.payPwd.title')} backTo="/main" />
      {done && (
        <DonePanel title={t('account.payPwd.doneTitle')} text={t('account.payPwd.doneText')}>
          <Link to="/main" className="btn btn--primary btn--block" data-testid="done-back">
            {t('account.pwd.back')}
          </Link>
        </DonePanel>
      )}
      {!done && !me.data && <Skeleton.Paragraph lineCount={6} animated />}
      {!done && me.data && (
        <>
          <p className="account-intro">
            {t('account.payPwd.intro')}{' '}
            <span data-testid="pay-pwd-status">
              {me.data.has_pay_pwd ? t('account.payPwd.isSet') : t('account.payPwd.notSet')}
            </span>
          </p>
          {!phone ? (
            <section className="section" data-testid="pay-pwd-no-phone">
              <p className="account-note">{t('account.payPwd.noPhone')}</p>
              <Link to="/sendSms" className="btn btn--primary btn--block">
                {t('account.payPwd.bindPhone')}
              </Link>
            </section>
          ) : (
            <form id="pay-pwd" className="section" noValidate onSubmit={form.submit(submit, parts)}>
              {pwdInput('cardPwd', t('account.payPwd.new'), t('account.payPwd.placeholder'))}
              {pwdInput(
                'confirmCardPwd',
                t('account.payPwd.confirm'),
                t('account.payPwd.confirmPlaceholder'),
              )}
              <p className="account-note">{t('account.payPwd.codeTo', { tail: phone.slice(-4) })}</p>
              <SmsCodeField
                id="pay-pwd-code"
                value={values.code}
                onChange={form.set('code')}
                error={errors.code}
                target={() => ({ purpose: 'payPwd' })}
              />
              <SubmitButton busy={form.busy} locked={form.locked} text={t('account.payPwd.submit')} />
            </form>
          )}
        </>
      )}
    </div>
  );
};
