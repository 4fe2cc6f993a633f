import { api } from '@ptt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import { NoticeItem } from './notice-item.tsx';

/** /notice: deal records, each worded by its notice type (SPEC §3), with read-all. */
export const Component = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const readAll = async () => {
    setBusy(true);
    try {
      await call(api.notice.readall, {});
      showToast(t('notice.allRead'));
      // The tab bar's badge and this list both change.
      await Promise.all([
        client.invalidateQueries({ queryKey: [api.notice.newUnreadCount.path] }),
        client.invalidateQueries({ queryKey: [api.notice.getNotice.path] }),
      ]);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page" data-testid="notice-page">
      <PageHeader
        title={t('notice.title')}
        right={
          <button
            type="button"
            className="notice-read-all"
            data-testid="read-all"
            disabled={busy}
            onClick={() => void readAll()}
          >
            {t('notice.readAll')}
          </button>
        }
      />
      <section className="section" style={{ padding: '0 16px' }}>
        <Link to="/system_notice" className="row" data-testid="open-bulletins">
          <span className="row__label">{t('notice.bulletins')}</span>
          <RightOutline aria-hidden className="row__arrow" />
        </Link>
      </section>
      <PagedList
        endpoint={api.notice.getNotice}
        empty={t('notice.empty')}
        testId="notice-list"
        rowKey={(n) => n.id}
        item={(n) => <NoticeItem notice={n} />}
      />
    </div>
  );
};
