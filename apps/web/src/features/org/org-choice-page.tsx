import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { ChoicePage } from '../../components/choice-page.tsx';

/** /orgChoice?back=: picks one of the caller's companies and goes back with it. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <ChoicePage
      testId="org-choice"
      title={t('manage.chooseOrg')}
      searchText={t('manage.searchOrgs')}
      endpoint={api.agent.orgs}
      params={(keyword) => ({ keyword })}
      empty={(keyword) => (keyword ? t('manage.noMatch') : t('manage.noOrgsToChoose'))}
      kind="org"
      fallback="/home"
      choice={(o) => ({ id: o.id, name: o.corg_name })}
    />
  );
};
