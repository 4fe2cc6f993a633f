import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { agentReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FoldedForm, PasswordReset } from '../../components/form/folded-form.tsx';

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
      <FoldedForm
        id="agent-edit"
        title={t('manage.edit')}
        submitText={t('manage.save')}
        done={t('manage.saved')}
        initial={{ name: agent.name, contact: agent.contact, email: agent.email }}
        fields={[
          { name: 'name', label: t('manage.name'), rule: rules.agentName },
          { name: 'contact', label: t('manage.contact'), rule: rules.contactName },
          { name: 'email', label: t('manage.email'), rule: rules.email, optional: true, type: 'email' },
        ]}
        // The phone is left as it is: it changes through updatePhone below.
        onSubmit={(v) =>
          update.mutateAsync({
            id,
            name: v.name,
            contact: v.contact,
            phone: undefined,
            email: v.email || undefined,
          })
        }
      />
      <FoldedForm
        id="agent-phone"
        title={t('manage.changePhone')}
        submitText={t('manage.save')}
        done={t('manage.saved')}
        initial={{ phone: agent.phone }}
        fields={[{ name: 'phone', label: t('manage.mobile'), rule: rules.mobile, type: 'tel' }]}
        onSubmit={(v) => updatePhone.mutateAsync({ id, phone: v.phone })}
      />
      <PasswordReset
        id="agent-password"
        onReset={(password) => resetPassword.mutateAsync({ id, password })}
      />
    </section>
  );
};
