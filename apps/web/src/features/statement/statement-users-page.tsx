import { api } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { type Row, StatementRow } from './statement-row.tsx';
import './statement.css';

/**
 * /statementUsers?id=: the users one movement of the statement used cards for (the terminals it
 * created or renewed), named as they were then, a page at a time; each opens its detail. The movement
 * itself comes from the statement that opened it; opened from an address alone, the page lists its users.
 */
export const Component = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const row = (useLocation().state as { row?: Row } | null)?.row;
  return (
    <div className="page" data-testid="statement-users-page">
      <PageHeader title={t('statement.usersTitle')} />
      {!(id > 0) ? (
        <MissingRecord />
      ) : (
        <>
          {row?.id === id && (
            <section className="section statement-users__movement" data-testid="statement-users-movement">
              <StatementRow row={{ ...row, users: null }} />
            </section>
          )}
          <PagedList
            endpoint={api.agent.statementUsers}
            params={{ id }}
            empty={t('statement.usersNotRecorded')}
            testId="statement-user-list"
            rowKey={(u) => u.id}
            item={(u) => (
              <Link to={`/userDetail?id=${u.id}`} className="row" data-testid="statement-user">
                <span className="row__label statement-row__text">
                  {u.name}
                  <br />
                  <span className="item-meta">{u.ssid}</span>
                </span>
                <RightOutline aria-hidden className="row__arrow" />
              </Link>
            )}
          />
        </>
      )}
    </div>
  );
};
