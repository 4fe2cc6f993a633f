import { api, rules } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { Disclosure } from '../../components/disclosure.tsx';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { showToast } from '../../components/toast.ts';

interface Props {
  org: { id: number; corg_name: string; contact: string; region: string };
}

/** The folded edit forms of a company: profile, region (its own screen) and a new password. */
export const OrgEditForms = ({ org }: Props) => {
  const { t } = useTranslation();
  const { id } = org;
  const update = useEndpointMutation(api.org.updateUnit, { invalidates: orgReads });
  const resetPassword = useEndpointMutation(api.org.password);
  return (
    <section className="section section--menu" aria-label={t('manage.manageOrg')}>
      <Disclosure title={t('manage.edit')} testId="open-org-edit">
        <RuleForm
          id="org-edit"
          submitText={t('manage.save')}
          initial={{ name: org.corg_name, contact: org.contact }}
          fields={[
            { name: 'name', label: t('manage.orgName'), rule: rules.companyName },
            { name: 'contact', label: t('manage.contact'), rule: rules.contactName },
          ]}
          onSubmit={async (v) => {
            await update.mutateAsync({ id, name: v.name, contact: v.contact } as never);
            showToast(t('manage.saved'));
          }}
        />
      </Disclosure>
      <Link to={`/upregion?id=${id}`} className="row disclosure-link" data-testid="org-region">
        <span className="row__label">{t('manage.region2')}</span>
        <span className="item-meta">{org.region || t('manage.notSet')}</span>
        <RightOutline aria-hidden className="row__arrow" />
      </Link>
      <Disclosure title={t('manage.resetPassword')} testId="open-org-password">
        <RuleForm
          id="org-password"
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
