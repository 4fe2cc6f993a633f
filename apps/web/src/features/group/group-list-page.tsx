import { api } from '@ptt/contract';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { HeaderAddLink } from '../../components/header-add-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import '../../components/company-filter.css';
import './group.css';

/** /groupList: groups in scope; agents can narrow them to one company. */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const [keyword, setKeyword] = useState('');
  const [org, setOrg] = useState<Choice | null>(null);
  const filter = { keyword: keyword || undefined, orgId: org?.id };
  return (
    <div className="page" data-testid="group-list">
      <PageHeader
        title={t('group.list')}
        right={
          <>
            <ExportMenu endpoint={api.group.export} params={filter} name="groups" />
            <HeaderAddLink to="/groupAdd" label={t('group.add')} testId="to-group-add" />
          </>
        }
      />
      <div className="group-filters company-filter">
        <SearchBar
          placeholder={t('group.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
        {isAgent && (
          <CompanyPicker
            id="group-org"
            value={org}
            onChange={setOrg}
            anyText={t('group.allCompanies')}
            searchText={t('group.searchCompany')}
            empty={t('group.noCompanies')}
          />
        )}
      </div>
      <PagedList
        endpoint={api.group.list}
        params={filter}
        empty={t('group.empty')}
        rowKey={(g) => g.id}
        item={(g) => (
          <Link to={`/groupDetail?id=${g.id}`} className="row" data-testid={`group-${g.name}`}>
            <span className="row__label">
              {g.name}{' '}
              {g.self_created && (
                <span className="tag" data-testid={`self-created-${g.id}`}>
                  {t('group.selfCreated')}
                </span>
              )}
              <br />
              <span className="item-meta">
                {g.org_name} · {t('group.memberCount', { count: g.member_count })}
              </span>
            </span>
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        )}
      />
    </div>
  );
};
