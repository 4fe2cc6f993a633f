import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';

/** /upregion?id=: changes a company's region (a company without id changes its own). */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const current = useEndpointQuery(api.org.getRegion, { id });
  const updateRegion = useEndpointMutation(api.org.updateRegion, { invalidates: orgReads });
  return (
    <div className="page" data-testid="org-region-page">
      <PageHeader title={t('manage.changeRegion')} />
      <section className="section">
        {current.data && (
          <>
            <p className="item-meta" data-testid="region-current" style={{ marginBottom: 12 }}>
              {t('manage.regionCurrent', { region: current.data.region || t('manage.notSet') })}
            </p>
            <RuleForm
              id="org-region"
              submitText={t('manage.changeRegion')}
              initial={{ region: current.data.region }}
              fields={[
                {
                  name: 'region',
                  label: t('manage.region2'),
                  rule: rules.region.min(1, 'required'),
                  placeholder: t('manage.regionPlaceholder'),
                  hint: t('manage.regionHint'),
                },
              ]}
              onSubmit={async (v) => {
                await updateRegion.mutateAsync({ id, region: v.region });
                showToast(t('manage.saved'));
                // Back to the screen that shows the region: the company's detail, or the company's profile.
                navigate(id ? `/orgDetail?id=${id}` : '/orgUser', { replace: true });
              }}
            />
          </>
        )}
      </section>
    </div>
  );
};
