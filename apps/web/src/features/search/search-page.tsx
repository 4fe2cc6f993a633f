import { isSubAgentPath } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useSearch } from '../../api/queries/use-search.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import './search.css';

type Kind = 'agent' | 'company' | 'group' | 'user';
const sections = [
  { kind: 'agent', field: 'agents', to: '/agentDetail' },
  { kind: 'company', field: 'orgs', to: '/orgDetail' },
  { kind: 'group', field: 'groups', to: '/groupDetail' },
  { kind: 'user', field: 'users', to: '/userDetail' },
] as const;

/** /Search?searchType=&keyword=: one box over the caller's scope, results grouped by kind (SPEC §2). */
export const Component = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const isAgent = getLoginInfo()?.role === 0;
  const me = useAgentInfo(isAgent).data;
  const kinds: Kind[] = !isAgent
    ? ['group', 'user']
    : me && !isSubAgentPath(me.path)
      ? ['agent', 'company', 'group', 'user']
      : ['company', 'group', 'user'];
  const keyword = params.get('keyword') ?? '';
  const raw = params.get('searchType');
  const type = raw && (kinds as string[]).includes(raw) ? (raw as Kind) : 'global';
  const [text, setText] = useState(keyword);
  const result = useSearch({ keyword, searchType: type });
  const go = (next: { keyword?: string; searchType?: string }) =>
    setParams({ searchType: next.searchType ?? type, keyword: next.keyword ?? keyword }, { replace: true });
  const shown = sections.filter((s) => kinds.includes(s.kind) && (type === 'global' || type === s.kind));
  const total = result.data ? shown.reduce((n, s) => n + result.data[s.field].length, 0) : 0;

  return (
    <div className="page" data-testid="search-page">
      <PageHeader title={t('search.title')} />
      <div style={{ padding: '12px 16px 0' }}>
        <SearchBar
          placeholder={t('search.placeholder')}
          value={text}
          onChange={setText}
          onSearch={(v) => go({ keyword: v.trim() })}
          onClear={() => go({ keyword: '' })}
        />
        <fieldset className="chips search-types" style={{ border: 0, padding: 0, margin: '10px 0 0' }}>
          <legend className="visually-hidden">{t('search.types')}</legend>
          {(['global', ...kinds] as const).map((k) => (
            <button
              key={k}
              type="button"
              className="chip"
              aria-pressed={type === k}
              onClick={() => go({ searchType: k })}
            >
              {t(`search.${k}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {!keyword && (
        <p className="item-meta" style={{ margin: 16 }}>
          {t('search.hint')}
        </p>
      )}
      {keyword && result.isPending && (
        <section className="section">
          <Skeleton.Paragraph lineCount={4} animated />
        </section>
      )}
      {keyword && result.data && total === 0 && (
        <ErrorBlock status="empty" title={t('search.nothing', { keyword })} description="" />
      )}
      {result.data &&
        shown
          .filter((s) => result.data[s.field].length > 0)
          .map((s) => (
            <section key={s.kind} className="section" data-testid={`search-${s.kind}`}>
              <h2 className="section__title">{t(`search.${s.kind}`)}</h2>
              <ul className="rows">
                {result.data[s.field].map((hit) => (
                  <li key={hit.id}>
                    <Link to={`${s.to}?id=${hit.id}`} className="row">
                      <span className="row__label">
                        {hit.name}
                        {hit.sub && (
                          <>
                            <br />
                            <span className="item-meta">{hit.sub}</span>
                          </>
                        )}
                      </span>
                      <RightOutline aria-hidden className="row__arrow" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
    </div>
  );
};
