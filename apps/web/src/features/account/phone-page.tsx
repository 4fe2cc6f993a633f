import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useOrgInfo } from '../../api/queries/use-org-info.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { SmsCodeField } from './sms-code-field.tsx';
import './account.css';

/**
 * /sendSms: binds a new mobile number with a code sent to that number (docs/decisions.md). Codes for a
 * forgotten password go to the bound number, so a session alone must not be able to change it.
 */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = getLoginInfo()?.role ?? 0;
  const agent = useAgentInfo(role === 0);
  const org = useOrgInfo(role === 1);
  const saveMobile = useEndpointMutation(api.profile.mobile, {
    invalidates: [api.profile.agent, api.profile.org],
    call: { toast: false },
  });
  const current = (role === 0 ? agent.data : org.data)?.phone;
  const form = useRuleForm({ mobile: '', code: '' });
  const { values, errors } = form;
  const mobile = values.mobile.trim();

  const parts = (): RulePart[] => [
    [rules.mobile, mobile, 'mobile'],
    [rules.enteredCode, values.code, 'code'],
  ];
  const submit = async () => {
    await saveMobile.mutateAsync({ mobile, code: values.code });
    showToast(t('account.phone.saved'));
    navigate(role === 0 ? '/individualUser' : '/orgUser', { replace: true });
  };

  return (
    <div className="page account-page" data-testid="phone-page">
      <PageHeader title={t('account.phone.title')} />
      <p className="account-intro" data-testid="phone-current">
        {current === undefined
          ? '\u00a0'
          : current
            ? `${t('account.phone.current')}: ${current}`
            : t('account.phone.none')}
      </p>
      <form id="phone" className="section" noValidate onSubmit={form.submit(submit, parts)}>
        <FormInput
          id="phone-mobile"
          label={t('account.phone.new')}
          value={values.mobile}
          onChange={form.set('mobile')}
          error={errors.mobile}
          hint={t('account.phone.hint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('account.phone.placeholder')}
          maxLength={16}
        />
        <SmsCodeField
          id="phone-code"
          value={values.code}
          onChange={form.set('code')}
          error={errors.code}
          target={() =>
            form.check([rules.mobile, mobile, 'mobile']) ? { purpose: 'bindPhone', phone: mobile } : null
          }
        />
        <SubmitButton busy={form.busy} locked={form.locked} text={t('account.phone.submit')} />
      </form>
    </div>
  );
};
