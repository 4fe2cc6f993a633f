import { api } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { KeywordSearch } from '../../components/keyword-search.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { useTopAgentOnly } from './use-top-agent-only.ts';

/** /agentList: the sub-agents of a top-level agent; a sub-agent is sent home with a message. */
export const Component = () => {
  const { t } = useTranslation();
  const check = useTopAgentOnly();
  const [keyword, setKeyword] = useState('');
  if (check === 'denied') return <Navigate to="/home" replace />;
  return (
    <div className="page" data-testid="agent-list">
      <PageHeader
        title={t('manage.agents')}
        right={
          <Link to="/agentAdd" aria-label={t('manage.addAgent')} className="page-header__back">
            <AddOutline />
          </Link>
        }
      />
      <KeywordSearch placeholder={t('manage.searchAgents')} onSearch={setKeyword} />
      {check === 'pending' ? (
        <div className="paged-list">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : (
        <PagedList
          endpoint={api.agent.list}
          params={{ keyword: keyword || undefined }}
          empty={keyword ? t('manage.noMatch') : t('manage.noAgents')}
          testId="agent-rows"
          rowKey={(a) => a.id}
          item={(a) => (
            <Link to={`/agentDetail?id=${a.id}`} className="row" data-testid="agent-row">
              <span className="row__label">
                {a.name}
                <br />
                <span className="item-meta">
                  {a.account} · {a.contact} · {t('manage.companies', { count: a.org_count })}
                </span>
              </span>
              <RightOutline aria-hidden className="row__arrow" />
            </Link>
          )}
        />
      )}
    </div>
  );
};
