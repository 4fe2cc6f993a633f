import { api } from '@ptt/contract';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { ExportMenu } from '../../components/export-menu.tsx';
import { KeywordSearch } from '../../components/keyword-search.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';

/**
 * /orgList: the companies of the signed-in agent; a top-level agent's include its sub-agents', each
 * marked with its agent.
 */
export const Component = () => {
  const { t } = useTranslation();
  const me = useAgentInfo().data;
  const [keyword, setKeyword] = useState('');
  return (
    <div className="page" data-testid="org-list">
      <PageHeader
        title={t('manage.orgs')}
        right={
          <>
            <ExportMenu
              endpoint={api.agent.exportOrgs}
              params={{ keyword: keyword || undefined }}
              name="companies"
            />
            <Link to="/orgAdd" aria-label={t('manage.addOrg')} className="page-header__back">
              <AddOutline />
            </Link>
          </>
        }
      />
      <KeywordSearch placeholder={t('manage.searchOrgs')} onSearch={setKeyword} />
      <PagedList
        endpoint={api.agent.orgs}
        params={{ keyword: keyword || undefined }}
        empty={keyword ? t('manage.noMatch') : t('manage.noOrgs')}
        testId="org-rows"
        rowKey={(o) => o.id}
        item={(o) => (
          <Link to={`/orgDetail?id=${o.id}`} className="row" data-testid="org-row">
            <span className="row__label">
              {o.corg_name}
              <br />
              <span className="item-meta">
                {o.account} · {o.contact} · {t('manage.users', { count: o.user_count })}
                {me && o.agent_name !== me.name && ` · ${t('manage.ofAgent', { agent: o.agent_name })}`}
              </span>
            </span>
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        )}
      />
    </div>
  );
};
