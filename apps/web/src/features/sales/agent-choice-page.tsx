import { api } from '@ptt/contract';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { putChoice } from '../../lib/choice.ts';

/** /agentChoice: picks a sub-agent for sales and recycling and goes back to the caller's screen. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const back = search.get('back') ?? '/salesAdd';
  return (
    <div className="page" data-testid="agent-choice">
      <PageHeader title={t('sales.chooseAgent')} />
      <div style={{ padding: '12px 16px 0' }}>
        <SearchBar
          style={{ '--background': 'var(--surface)' }}
          placeholder={t('sales.searchAgents')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <PagedList
        endpoint={api.agent.list}
        params={{ keyword: keyword || undefined }}
        empty={keyword ? t('sales.noMatch') : t('sales.noAgents')}
        rowKey={(a) => a.id}
        item={(a) => (
          <button
            type="button"
            className="row picker-row"
            onClick={() => {
              putChoice('agent', { id: a.id, name: a.name });
              navigate(back.startsWith('/') ? back : '/salesAdd');
            }}
          >
            <span className="row__label">
              {a.name}
              <br />
              <span className="item-meta">
                {a.account} · {a.contact}
              </span>
            </span>
            <RightOutline aria-hidden className="row__arrow" />
          </button>
        )}
      />
    </div>
  );
};
