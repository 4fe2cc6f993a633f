import { api, Limits, rules } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { DonePanel } from './done-panel.tsx';
import './account.css';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /changePwd (SPEC §5): old password required; the new one and its confirmation 6-16 letters or digits,
 * equal, and not the old one. The server then ends every other session of the account.
 */
export const Component = () => {
  const { t } = useTranslation();
  const form = useRuleForm(empty);
  const [show, setShow] = useState(false);
  const [done, setDone] = useState(false);
  const changePassword = useEndpointMutation(api.profile.password, { call: { toast: false } });
  const { values, errors } = form;

  const parts = (): RulePart[] => [
    [rules.passwordChange, values],
    [rules.passwordPair, values],
  ];
  const submit = async () => {
    await changePassword.mutateAsync(values);
    form.setValues(empty);
    setDone(true);
  };

  const input = (name: keyof typeof empty, label: string, placeholder: string, autoComplete: string) => (
    <FormInput
      id={`change-pwd-${name}`}
      label={label}
      value={values[name]}
      onChange={form.set(name)}
      error={errors[name]}
      type={show ? 'text' : 'password'}
      autoComplete={autoComplete}
      placeholder={placeholder}
      maxLength={Limits.loginFieldMax}
    />
  );

  return (
    <div className="page account-page" data-testid="change-pwd">
      <PageHeader title={t('account.pwd.title')} backTo="/main" />
      {done ? (
        <DonePanel title={t('account.pwd.doneTitle')} text={t('account.pwd.doneText')}>
          <Link to="/main" className="btn btn--primary btn--block" data-testid="done-back">
            {t('account.pwd.back')}
          </Link>
        </DonePanel>
      ) : (
        <form id="change-pwd" className="section" noValidate onSubmit={form.submit(submit, parts)}>
          {input('oldPassword', t('account.pwd.old'), t('account.pwd.oldPlaceholder'), 'current-password')}
          {input('newPassword', t('account.pwd.new'), t('account.pwd.newPlaceholder'), 'new-password')}
          {input(
            'confirmPassword',
            t('account.pwd.confirm'),
            t('account.pwd.confirmPlaceholder'),
            'new-password',
          )}
          <Checkbox className="account-check" checked={show} onChange={setShow}>
            {t('account.pwd.show')}
          </Checkbox>
          <SubmitButton busy={form.busy} locked={form.locked} text={t('account.pwd.submit')} />
        </form>
      )}
    </div>
  );
};
