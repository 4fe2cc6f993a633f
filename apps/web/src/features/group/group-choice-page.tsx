import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChoicePage } from '../../components/choice-page.tsx';
import './group.css';

/** /groupChoice?back=&orgId=: picks one group and goes back with it (session storage, like the other pickers). */
export const Component = () => {
  const { t } = useTranslation();
  const orgId = Number(useSearchParams()[0].get('orgId')) || undefined;
  return (
    <ChoicePage
      testId="group-choice"
      title={t('group.choice')}
      searchText={t('group.search')}
      endpoint={api.group.list}
      params={(keyword) => ({ keyword, orgId })}
      empty={() => t('group.empty')}
      kind="group"
      fallback="/groupList"
      choice={(g) => ({ id: g.id, name: g.name })}
      meta={(g) => g.org_name}
    />
  );
};
