import { api, CardTypes, NoticeType, windowOfDays } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import { type Notice, NoticeItem, opensRadar } from './notice-item.tsx';

/** Where a notice of each type leads when opened: the record of the movement it reports. */
const recordOf: Partial<Record<number, string>> = {
  1: '/salesRecord',
  2: '/userList',
  4: '/salesRecord',
  5: '/salesRecord',
  6: '/salesRecord',
  8: '/orgList',
  // Reminders: the radar (an expiry reminder opens it on its own radios), and the card runway.
  9: '/expiring',
  10: '/cardThresholds',
};

/**
 * The radar on the radios an expiry reminder named, all chosen: its function, in the window its step
 * fits (7 days for the 1- and 7-day steps, else 30). A company's renewal request opens the window its
 * users were chosen in, every function.
 */
const radarOf = (n: Notice) => {
  if (n.type === NoticeType.renewalRequest)
    return `/expiring?${new URLSearchParams({ notice: String(n.id), within: windowOfDays(n.days), from: 'request' })}`;
  const q = new URLSearchParams({ notice: String(n.id), within: (n.days ?? 30) <= 7 ? '7' : '30' });
  const card = n.cardType === null ? undefined : CardTypes[n.cardType];
  if (card) q.set('function', card.key);
  return `/expiring?${q}`;
};

/** /notice: deal records, each worded by its notice type (SPEC §3), opened one at a time or read all at once. */
export const Component = () => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The tab bar's badge and this list both change.
  const markRead = useEndpointMutation(api.notice.readall, {
    invalidates: [api.notice.newUnreadCount, api.notice.getNotice],
  });
  const navigate = useNavigate();
  const readOne = useEndpointMutation(api.notice.read, {
    invalidates: [api.notice.newUnreadCount, api.notice.getNotice],
  });
  const open = async (n: Notice) => {
    try {
      if (!n.read) await readOne.mutateAsync({ id: n.id });
    } catch {
      return; // The client has shown the server's message.
    }
    if (opensRadar(n)) {
      navigate(radarOf(n));
      return;
    }
    // A notice naming users opens on its detail, which lists them a page at a time.
    if (n.userCount > 0) {
      navigate(`/noticeUsers?id=${n.id}`, { state: { notice: { ...n, read: true } } });
      return;
    }
    const to = recordOf[n.type];
    if (to) navigate(to);
  };
  const readAll = async () => {
    setBusy(true);
    try {
      await markRead.mutateAsync({});
      showToast(t('notice.allRead'));
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
        item={(n) => <NoticeItem notice={n} onOpen={(x) => void open(x)} />}
      />
    </div>
  );
};
