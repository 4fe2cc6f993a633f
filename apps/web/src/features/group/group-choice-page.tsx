import { api } from '@ptt/contract';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
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
      <div className="group-filters">
        <SearchBar
          placeholder={t('group.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <PagedList
        endpoint={api.group.list}
        params={{ keyword: keyword || undefined, orgId }}
        empty={t('group.empty')}
        rowKey={(g) => g.id}
        item={(g) => (
          <button
            type="button"
            className="row picker-row"
            onClick={() => {
              putChoice('group', { id: g.id, name: g.name });
              navigate(back.startsWith('/') ? back : '/groupList');
            }}
          >
            <span className="row__label">
              {g.name}
              <br />
              <span className="item-meta">{g.org_name}</span>
            </span>
            <RightOutline aria-hidden className="row__arrow" />
          </button>
        )}
      />
    </div>
  );
};
