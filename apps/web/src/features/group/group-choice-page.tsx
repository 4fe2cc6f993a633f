import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChoiceRow } from '../../components/choice-row.tsx';
import { KeywordSearch } from '../../components/keyword-search.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { putChoice } from '../../lib/choice.ts';
import './group.css';

/** /groupChoice?back=&orgId=: picks one group and goes back with it (session storage, like the other pickers). */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const back = search.get('back') ?? '/groupList';
  const orgId = Number(search.get('orgId')) || undefined;
  return (
    <div className="page" data-testid="group-choice">
      <PageHeader title={t('group.choice')} />
      <KeywordSearch placeholder={t('group.search')} onSearch={setKeyword} />
      <PagedList
        endpoint={api.group.list}
        params={{ keyword: keyword || undefined, orgId }}
        empty={t('group.empty')}
        rowKey={(g) => g.id}
        item={(g) => (
          <ChoiceRow
            label={g.name}
            meta={g.org_name}
            arrow
            onChoose={() => {
              putChoice('group', { id: g.id, name: g.name });
              navigate(back.startsWith('/') ? back : '/groupList');
            }}
          />
        )}
      />
    </div>
  );
};
