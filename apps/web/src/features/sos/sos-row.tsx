import { type api, type DataOf, SosStatus } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';

type SosRecord = DataOf<typeof api.sos.list>['list'][number];

/** The word and colour of an SOS state. */
export const SosState = ({ status }: { status: number }) => {
  const { t } = useTranslation();
  const open = status === SosStatus.unprocessed;
  return (
    <span className={`sos-state sos-state--${open ? 'open' : 'done'}`}>
      {open ? t('sos.unprocessed') : t('sos.processed')}
    </span>
  );
};

/** One SOS of the list: who raised it, when, and whether it is handled. */
export const SosRow = ({ record: r }: { record: SosRecord }) => {
  const { i18n } = useTranslation();
  return (
    <Link to={`/sosDetail?id=${r.id}`} className="row" data-testid="sos-row" data-status={r.status}>
      <span className="row__label">
        {r.terminal_name} <SosState status={r.status} />
        <br />
        <span className="item-meta">
          {getLoginInfo()?.role === 0 && <span data-testid="sos-row-company">{r.org_name} · </span>}
          {r.ssid} · {formatDateTime(r.created_at, i18n.language)}
        </span>
      </span>
      <RightOutline aria-hidden className="row__arrow" />
    </Link>
  );
};
