import { type api, type DataOf, SosStatus } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';

type SosRecord = DataOf<typeof api.sos.list>['list'][number];

/** The word and colour of an SOS state, and the false alarm's mark when it was one. */
export const SosState = ({ status, falseAlarm = 0 }: { status: number; falseAlarm?: number }) => {
  const { t } = useTranslation();
  const open = status === SosStatus.unprocessed;
  return (
    <>
      <span className={`sos-state sos-state--${open ? 'open' : 'done'}`}>
        {open ? t('sos.unprocessed') : t('sos.processed')}
      </span>
      {!open && falseAlarm === 1 && (
        <span className="sos-state sos-state--false" data-testid="sos-false-alarm-tag">
          {t('sos.falseAlarm')}
        </span>
      )}
    </>
  );
};

interface Props {
  record: SosRecord;
  /** While several are chosen: an unprocessed one is a checkbox, a processed one cannot be chosen. */
  selecting?: boolean;
  selected?: boolean;
  onToggle?: () => void;
}

/** One SOS of the list: who raised it, when, and whether it is handled (and how). */
export const SosRow = ({ record: r, selecting, selected = false, onToggle }: Props) => {
  const { i18n } = useTranslation();
  const body = (
    <span className="row__label">
      {r.terminal_name} <SosState status={r.status} falseAlarm={r.false_alarm} />
      <br />
      <span className="item-meta">
        {getLoginInfo()?.role === 0 && <span data-testid="sos-row-company">{r.org_name} · </span>}
        {r.ssid} · {formatDateTime(r.created_at, i18n.language)}
      </span>
    </span>
  );
  if (selecting && r.status === SosStatus.unprocessed)
    return (
      <div className="row sos-pick" data-testid="sos-row" data-status={r.status}>
        <Checkbox className="sos-pick__box" checked={selected} onChange={onToggle}>
          {body}
        </Checkbox>
      </div>
    );
  if (selecting)
    return (
      <div className="row sos-pick sos-pick--done" data-testid="sos-row" data-status={r.status}>
        {body}
      </div>
    );
  return (
    <Link to={`/sosDetail?id=${r.id}`} className="row" data-testid="sos-row" data-status={r.status}>
      {body}
      <RightOutline aria-hidden className="row__arrow" />
    </Link>
  );
};
