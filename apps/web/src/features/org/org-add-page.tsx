import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { newAccountFields } from '../../components/form/account-fields.ts';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';

/** /orgAdd: an agent creates a company. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useEndpointMutation(api.org.add, { invalidates: orgReads });
  return (
    <div className="page" data-testid="org-add">
      <PageHeader title={t('manage.addOrg')} />
      <section className="section">
        <RuleForm
          id="org-add"
          submitText={t('manage.create')}
          fields={[
            ...newAccountFields(t, { label: t('manage.orgName'), rule: rules.companyName }),
            {
              name: 'region',
              label: t('manage.region'),
              rule: rules.region,
              optional: true,
              placeholder: t('manage.placeholder.region'),
            },
          ]}
          onSubmit={async (v) => {
            const res = await add.mutateAsync({
              ...v,
              phone: v.phone || undefined,
              region: v.region || undefined,
            } as never);
            showToast(t('manage.created', { name: v.name }));
            navigate(`/orgDetail?id=${res.id}`, { replace: true });
          }}
        />
      </section>
    </div>
  );
};
