import { api, rules } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FoldedForm, PasswordReset } from '../../components/form/folded-form.tsx';

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
      <FoldedForm
        id="org-edit"
        title={t('manage.edit')}
        submitText={t('manage.save')}
        done={t('manage.saved')}
        initial={{ name: org.corg_name, contact: org.contact }}
        fields={[
          { name: 'name', label: t('manage.orgName'), rule: rules.companyName },
          { name: 'contact', label: t('manage.contact'), rule: rules.contactName },
        ]}
        onSubmit={(v) => update.mutateAsync({ id, name: v.name, contact: v.contact } as never)}
      />
      <Link to={`/upregion?id=${id}`} className="row disclosure-link" data-testid="org-region">
        <span className="row__label">{t('manage.region2')}</span>
        <span className="item-meta">{org.region || t('manage.notSet')}</span>
        <RightOutline aria-hidden className="row__arrow" />
      </Link>
      <PasswordReset id="org-password" onReset={(password) => resetPassword.mutateAsync({ id, password })} />
    </section>
  );
};
