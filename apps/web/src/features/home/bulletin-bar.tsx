import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFirstBulletin } from '../../api/queries/use-first-bulletin.ts';
import type { Bulletin } from '../../api/types.ts';

/**
 * The first-time system bulletin (SPEC §4). A bar rather than a modal, so the home stays usable;
 * tapping it opens the bulletin in /system_notice.
 */
export const BulletinBar = ({ bulletin }: { bulletin: Bulletin }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const openBulletin = () =>
    navigate(`/system_notice?noticeDetail=${encodeURIComponent(String(bulletin.id))}`);
  return (
    <div className="bulletin" data-testid="bulletin">
      <NoticeBar
        color="info"
        shape="rounded"
        // A scrolling title would be hard to read and to tap; long titles wrap instead.
        wrap
        icon={<SoundOutline aria-hidden />}
        content={
          <button
            type="button"
            className="bulletin__open"
            onClick={openBulletin}
            aria-label={t('home.bulletinOpen', { title: bulletin.title })}
          >
            {t('home.bulletin')}: {bulletin.title}
          </button>
        }
        extra={
          <button
            type="button"
            className="bulletin__close"
            onClick={() => setOpen(false)}
            aria-label={t('home.bulletinClose')}
          >
            ×
          </button>
        }
      />
    </div>
  );
};

/** Whether this tab has already opened a bulletin for an agent by itself (it does so once). */
const openedHere = (agentId: number, bulletinId: number, mark = false) => {
  const key = `bulletin:opened:${agentId}:${bulletinId}`;
  try {
    if (sessionStorage.getItem(key)) return true;
    if (mark) sessionStorage.setItem(key, '1');
  } catch {
    // Without storage the bulletin opens by itself once per page load.
  }
  return false;
};

/**
 * The agent's first-time bulletin (SPEC §4): it opens /system_notice by itself once, and opening it
 * there is what the server remembers. Left unread, it stays as a bar on the home, and comes back on
 * the next visit until it is opened.
 */
export const FirstBulletin = ({ agent }: { agent: { id: number; path: string } }) => {
  const { data } = useFirstBulletin(agent);
  const navigate = useNavigate();
  useEffect(() => {
    if (!data || openedHere(agent.id, data.id, true)) return;
    navigate(`/system_notice?noticeDetail=${encodeURIComponent(String(data.id))}`);
  }, [data, agent.id, navigate]);
  return data ? <BulletinBar bulletin={data} /> : null;
};
