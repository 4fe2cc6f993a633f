import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
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

/** The agent's first-time bulletin, once the agent is known and if there is one. */
export const FirstBulletin = ({ agent }: { agent: { id: number; path: string } }) => {
  const { data } = useFirstBulletin(agent);
  return data ? <BulletinBar bulletin={data} /> : null;
};
