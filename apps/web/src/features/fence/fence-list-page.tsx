import { api } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FenceServerLink } from '../../components/fence-server-link.tsx';
import { HeaderAddLink } from '../../components/header-add-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import { triggerName } from './trigger.ts';
import './fence.css';

/**
 * /fencelist: the company's electronic fences, each with its trigger mode and monitored users, and the link
 * to the same list on the company's fence server when it has one.
 */
export const Component = () => {
  const { t } = useTranslation();
  // An agent sees the fences of all its companies: each row names its company, and the company's own
  // fence server (a company's setting) is not asked for.
  const agent = getLoginInfo()?.role === 0;
  return (
    <div className="page" data-testid="fence-list">
      <PageHeader
        title={t('fence.title')}
        right={<HeaderAddLink to="/fenceEdit" label={t('fence.add')} testId="fence-add" />}
      />
      <PagedList
        endpoint={api.fence.list}
        empty={t('fence.empty')}
        testId="fences"
        rowKey={(f) => f.id}
        item={(f) => (
          <Link to={`/fenceDetail?id=${f.id}`} className="row" data-testid="fence-row">
            <span className="row__label">
              {f.name}
              <br />
              <span className="item-meta">
                {agent && <span data-testid="fence-row-company">{f.org_name} · </span>}
                {triggerName(t, f.trigger)} · {t('fence.memberCount', { count: f.member_count })}
              </span>
            </span>
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        )}
      />
      {!agent && <FenceServerLink />}
    </div>
  );
};
