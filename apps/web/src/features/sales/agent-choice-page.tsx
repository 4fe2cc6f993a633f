import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChoiceRow } from '../../components/choice-row.tsx';
import { KeywordSearch } from '../../components/keyword-search.tsx';
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
      <KeywordSearch placeholder={t('sales.searchAgents')} onSearch={setKeyword} />
      <PagedList
        endpoint={api.agent.list}
        params={{ keyword: keyword || undefined }}
        empty={keyword ? t('sales.noMatch') : t('sales.noAgents')}
        rowKey={(a) => a.id}
        item={(a) => (
          <ChoiceRow
            label={a.name}
            meta={`${a.account} · ${a.contact}`}
            arrow
            onChoose={() => {
              putChoice('agent', { id: a.id, name: a.name });
              navigate(back.startsWith('/') ? back : '/salesAdd');
            }}
          />
        )}
      />
    </div>
  );
};
