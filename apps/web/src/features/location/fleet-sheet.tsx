import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { PlaceName } from '../../components/place-name.tsx';
import { RowLinks } from '../../components/row-links.tsx';
import { type FleetStore, stateOf } from './fleet-store.ts';
import { formatFix } from './format-fix.ts';
import { useFleetVersion } from './use-fleet.ts';

interface Props {
  store: FleetStore;
  terminalId: number | null;
  onClose: () => void;
  onShowOnMap: (terminalId: number) => void;
}

/** A terminal tapped on the map or in the list: its state and last position, and where to read more. */
export const FleetSheet = ({ store, terminalId, onClose, onShowOnMap }: Props) => {
  const { t, i18n } = useTranslation();
  useFleetVersion(store, 250);
  const row = terminalId === null ? undefined : store.get(terminalId);
  const state = row && stateOf(row);
  const links = row
    ? [
        { to: `/userDetail?id=${row.terminal_id}`, label: t('fleet.detail'), testId: 'fleet-to-detail' },
        {
          to: `/locationTrack?id=${row.terminal_id}`,
          label: t('fleet.track'),
          testId: 'fleet-to-track',
        },
        {
          to: `/recordingList?terminalId=${row.terminal_id}`,
          label: t('fleet.recordings'),
          testId: 'fleet-to-recordings',
        },
      ]
    : [];
  return (
    <Popup visible={Boolean(row)} onMaskClick={onClose} onClose={onClose} showCloseButton>
      {row && state && (
        <div className="fleet-sheet" data-testid="fleet-sheet" data-state={state}>
          <h2 className="fleet-sheet__title">
            <span className={`fleet-dot fleet-dot--${state}`} aria-hidden />
            {row.name}
            <span className={`fleet-tag fleet-tag--${state}`}>{t(`fleet.${state}`)}</span>
          </h2>
          <p className="item-meta">{row.ssid}</p>
          <p className="fleet-sheet__fix" data-testid="fleet-sheet-fix">
            {row.at && row.lat !== null && row.lng !== null ? (
              <>
                {t('fleet.lastFix', { time: formatFix(row.at, i18n.language) })}
                <br />
                {row.lat.toFixed(5)}, {row.lng.toFixed(5)}
                {row.speed !== null && ` · ${t('fleet.speed', { speed: Math.round(row.speed) })}`}
                <br />
                <PlaceName lat={row.lat} lng={row.lng} testId="fleet-sheet-address" />
              </>
            ) : (
              t('fleet.noPosition')
            )}
          </p>
          {row.lat !== null && (
            <button
              type="button"
              className="btn btn--block btn--primary"
              data-testid="fleet-show-on-map"
              onClick={() => onShowOnMap(row.terminal_id)}
            >
              {t('fleet.showOnMap')}
            </button>
          )}
          <RowLinks links={links} className="fleet-sheet__links" />
        </div>
      )}
    </Popup>
  );
};
