import { type api, type DataOf, RenewalLimits } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDay, localDay } from '../../lib/dates.ts';

export type ExpiringTerminal = DataOf<typeof api.terminal.expiring>['list'][number];

interface Props {
  row: ExpiringTerminal;
  /**
   * Null: the rows cannot be chosen (a company's read-only radar, or not selecting). Locked: the whole
   * window is chosen, so every row is ticked and a tap changes nothing; the rows are not disabled.
   */
  selection: { selected: boolean; locked: boolean; onToggle: () => void } | null;
}

/** A terminal on the radar: who, whose, the functions due with their dates, and when it was last heard from. */
export const ExpiringRow = ({ row, selection }: Props) => {
  const { t, i18n } = useTranslation();
  const today = localDay();
  const body = (
    <span className="row__label">
      <span className="expiring__name">
        {row.name}
        {row.silent && (
          <span className="expiring__silent" data-testid="silent-tag">
            {t('renewal.silent')}
          </span>
        )}
      </span>
      <span className="item-meta expiring__line">
        {row.ssid} · {row.org_name}
      </span>
      <span className="expiring__due">
        {row.due.map((d) => (
          <span
            key={d.function}
            className={`expiring__fn${d.expires.slice(0, 10) < today ? ' expiring__fn--past' : ''}`}
            data-testid={`due-${d.function}`}
          >
            {t('renewal.due', { card: t(`card.${d.function}`), date: formatDay(d.expires, i18n.language) })}
          </span>
        ))}
      </span>
      <span className="item-meta expiring__line">
        {row.last_seen_at
          ? t('renewal.lastSeen', { time: formatDate(row.last_seen_at, i18n.language) })
          : t('renewal.neverSeen')}
        {' · '}
        {row.last_position_at
          ? t('renewal.lastPosition', { time: formatDate(row.last_position_at, i18n.language) })
          : t('renewal.noPosition')}
      </span>
      {row.silent && (
        // Said in words on the row, not only in a hover title a phone never shows.
        <span className="item-meta expiring__line" data-testid="silent-hint">
          {t('renewal.silentHint', { count: RenewalLimits.silentDays })}
        </span>
      )}
    </span>
  );
  if (!selection) {
    return (
      <Link to={`/userDetail?id=${row.id}`} className="row" data-testid={`expiring-${row.ssid}`}>
        {body}
        <RightOutline aria-hidden className="row__arrow" />
      </Link>
    );
  }
  return (
    <div className="row" data-testid={`expiring-${row.ssid}`}>
      <Checkbox
        className="expiring__box"
        checked={selection.selected}
        onChange={() => {
          if (!selection.locked) selection.onToggle();
        }}
      >
        {body}
      </Checkbox>
    </div>
  );
};
