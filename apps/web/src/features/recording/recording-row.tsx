import { api, type DataOf } from '@ptt/contract';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../api/client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { AudioPlayer, lengthOf } from './audio-player.tsx';

type Recording = DataOf<typeof api.recording.list>['list'][number];

interface Props {
  recording: Recording;
  playing: boolean;
  onPlay: () => void;
}

/** One talk burst: who, in which group, when and how long; played in the page or downloaded. */
export const RecordingRow = ({ recording: r, playing, onPlay }: Props) => {
  const { t, i18n } = useTranslation();
  return (
    <div className="row recording-row" data-testid="recording-row">
      <div className="recording-row__head">
        <span className="row__label">
          {r.terminal_name}
          {getLoginInfo()?.role === 0 && (
            <span className="item-meta" data-testid="recording-company">
              {' '}
              · {r.org_name}
            </span>
          )}
          <br />
          <span className="item-meta">
            {r.group_name || t('recording.noGroup')} · {formatDateTime(r.started_at, i18n.language)} ·{' '}
            {t('recording.seconds', { count: lengthOf(r.duration) })}
          </span>
        </span>
        <a
          className="recording-row__download"
          href={buildUrl(api.recording.download, { id: r.id })}
          download
          aria-label={t('recording.download')}
          data-testid="recording-download"
        >
          <DownlandOutline aria-hidden />
        </a>
      </div>
      <AudioPlayer
        src={buildUrl(api.recording.play, { id: r.id })}
        duration={r.duration}
        label={t('recording.play', { name: r.terminal_name })}
        active={playing}
        onPlay={onPlay}
      />
    </div>
  );
};
