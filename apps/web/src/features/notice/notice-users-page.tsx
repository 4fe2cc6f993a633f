import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { type Notice, NoticeBody } from './notice-item.tsx';

/**
 * /noticeUsers?id=: one deal notice and the users it names (the terminals a batch created or deleted),
 * a page at a time. The notice itself comes from the list that opened it; opened from an address
 * alone, the page lists its users under its title.
 */
export const Component = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const notice = (useLocation().state as { notice?: Notice } | null)?.notice;
  return (
    <div className="page" data-testid="notice-users">
      <PageHeader title={t('notice.usersTitle')} />
      {!(id > 0) ? (
        <MissingRecord />
      ) : (
        <>
          {notice?.id === id && (
            <section className="section" data-testid="notice-detail">
              <NoticeBody notice={notice} />
            </section>
          )}
          <PagedList
            endpoint={api.notice.getNoticeUsers}
            params={{ id }}
            empty={t('notice.noUsers')}
            testId="notice-user-list"
            rowKey={(u) => u.account}
            item={(u) => (
              <div className="row" data-testid="notice-user">
                <span className="row__label">
                  {u.name}
                  <br />
                  <span className="item-meta">{u.account}</span>
                </span>
              </div>
            )}
          />
        </>
      )}
    </div>
  );
};
