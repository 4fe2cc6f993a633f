import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { agentReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { showToast } from '../../components/toast.ts';

interface Props {
  agent: { id: number; name: string; contact: string; phone: string; email: string };
}

/** The folded edit forms of a sub-agent: profile, mobile number and a new password. */
export const AgentEditForms = ({ agent }: Props) => {
  const { t } = useTranslation();
  const { id } = agent;
  const update = useEndpointMutation(api.agent.modifyingAgentInformation, { invalidates: agentReads });
  const updatePhone = useEndpointMutation(api.agent.updatePhone, { invalidates: agentReads });
  const resetPassword = useEndpointMutation(api.agent.password);
  return (
    <section className="section section--menu" aria-label={t('manage.manageAgent')}>
      <Disclosure title={t('manage.edit')} testId="open-agent-edit">
        <RuleForm
          id="agent-edit"
          submitText={t('manage.save')}
          initial={{ name: agent.name, contact: agent.contact, email: agent.email }}
          fields={[
            { name: 'name', label: t('manage.name'), rule: rules.agentName },
            { name: 'contact', label: t('manage.contact'), rule: rules.contactName },
            { name: 'email', label: t('manage.email'), rule: rules.email, optional: true, type: 'email' },
          ]}
          onSubmit={async (v) => {
            // The phone is left as it is: it changes through updatePhone below.
            await update.mutateAsync({
              id,
              name: v.name,
              contact: v.contact,
              phone: undefined,
              email: v.email || undefined,
            });
            showToast(t('manage.saved'));
          }}
        />
      </Disclosure>
      <Disclosure title={t('manage.changePhone')} testId="open-agent-phone">
        <RuleForm
          id="agent-phone"
          submitText={t('manage.save')}
          initial={{ phone: agent.phone }}
          fields={[{ name: 'phone', label: t('manage.mobile'), rule: rules.mobile, type: 'tel' }]}
          onSubmit={async (v) => {
            await updatePhone.mutateAsync({ id, phone: v.phone });
            showToast(t('manage.saved'));
          }}
        />
      </Disclosure>
      <Disclosure title={t('manage.resetPassword')} testId="open-agent-password">
        <RuleForm
          id="agent-password"
          submitText={t('manage.resetPassword')}
          fields={[
            {
              name: 'password',
              label: t('manage.newPassword'),
              rule: rules.password,
              type: 'password',
              autoComplete: 'new-password',
            },
          ]}
          onSubmit={async (v) => {
            await resetPassword.mutateAsync({ id, password: v.password });
            showToast(t('manage.passwordReset'));
          }}
        />
      </Disclosure>
    </section>
  );
};
