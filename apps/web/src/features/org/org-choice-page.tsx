import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChoiceRow } from '../../components/choice-row.tsx';
import { KeywordSearch } from '../../components/keyword-search.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { putChoice } from '../../lib/choice.ts';

/** /orgChoice?back=: picks one of the caller's companies and goes back with it. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const back = search.get('back') ?? '/home';
  return (
    <div className="page" data-testid="org-choice">
      <PageHeader title={t('manage.chooseOrg')} />
      <KeywordSearch placeholder={t('manage.searchOrgs')} onSearch={setKeyword} />
      <PagedList
        endpoint={api.agent.orgs}
        params={{ keyword: keyword || undefined }}
        empty={keyword ? t('manage.noMatch') : t('manage.noOrgsToChoose')}
        rowKey={(o) => o.id}
        item={(o) => (
          <ChoiceRow
            label={o.corg_name}
            arrow
            onChoose={() => {
              putChoice('org', { id: o.id, name: o.corg_name });
              navigate(back.startsWith('/') ? back : '/home');
            }}
          />
        )}
      />
    </div>
  );
};
