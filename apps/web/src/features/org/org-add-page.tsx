import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
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
            {
              name: 'name',
              label: t('manage.orgName'),
              rule: rules.companyName,
              placeholder: t('manage.placeholder.name'),
            },
            {
              name: 'contact',
              label: t('manage.contact'),
              rule: rules.contactName,
              placeholder: t('manage.placeholder.contact'),
            },
            {
              name: 'account',
              label: t('manage.account'),
              rule: rules.account,
              placeholder: t('manage.placeholder.account'),
            },
            {
              name: 'password',
              label: t('manage.password'),
              rule: rules.password,
              type: 'password',
              autoComplete: 'new-password',
              placeholder: t('manage.placeholder.password'),
            },
            {
              name: 'phone',
              label: t('manage.phone'),
              rule: rules.mobile,
              optional: true,
              type: 'tel',
              placeholder: t('manage.placeholder.phone'),
            },
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
