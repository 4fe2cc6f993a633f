import { api, CardTypes, rules } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { agentReads } from '../../api/changes.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { newAccountFields } from '../../components/form/account-fields.ts';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { CardSwitchChips } from './card-switch-chips.tsx';
import { useTopAgentOnly } from './use-top-agent-only.ts';

/** /agentAdd: a top-level agent creates a sub-agent with its card switch; a sub-agent is sent home. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useTopAgentOnly();
  const mine = useCardSwitch();
  const add = useEndpointMutation(api.agent.add, { invalidates: agentReads });
  const [cards, setCards] = useState<Record<string, number | string>>({ blance: 1 });
  if (check === 'denied') return <Navigate to="/home" replace />;
  return (
    <div className="page" data-testid="agent-add">
      <PageHeader title={t('manage.addAgent')} />
      <section className="section">
        {check === 'pending' ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : (
          <RuleForm
            id="agent-add"
            submitText={t('manage.create')}
            fields={[
              ...newAccountFields(t, { label: t('manage.name'), rule: rules.agentName }),
              {
                name: 'email',
                label: t('manage.email'),
                rule: rules.email,
                optional: true,
                type: 'email',
                placeholder: t('manage.placeholder.email'),
              },
            ]}
            onSubmit={async (v) => {
              // Only card types the caller has on can be given; the rest are sent off.
              const flags = Object.fromEntries(
                CardTypes.map((c) => [
                  c.field,
                  mine.data?.[c.field] === 1 && cards[c.field] === 1 ? '1' : '0',
                ]),
              );
              const res = await add.mutateAsync({
                ...v,
                phone: v.phone || undefined,
                email: v.email || undefined,
                ...flags,
              } as never);
              showToast(t('manage.created', { name: v.name }));
              navigate(`/agentDetail?id=${res.id}`, { replace: true });
            }}
          >
            <CardSwitchChips allowed={mine.data} value={cards} onChange={setCards} />
          </RuleForm>
        )}
      </section>
    </div>
  );
};
