import Skeleton from 'antd-mobile/es/components/skeleton';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FleetStore, stateOf } from './fleet-store.ts';
import { useFleetVersion } from './use-fleet.ts';

/** How many terminals are online, in SOS and in all, with the colours' legend. */
export const FleetSummary = ({ store }: { store: FleetStore }) => {
  const { t } = useTranslation();
  const version = useFleetVersion(store, 250);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store changes in place; version tells
  const counts = useMemo(() => {
    const all = store.all();
    const by = { sos: 0, online: 0, offline: 0, unplaced: 0 };
    for (const row of all) {
      by[stateOf(row)]++;
      if (row.lat === null) by.unplaced++;
    }
    return { ...by, total: all.length };
  }, [store, version]);
  if (!store.ready) return <Skeleton animated className="fleet-summary__skeleton" />;
  return (
    <div className="fleet-summary">
      <p className="fleet-summary__counts" data-testid="fleet-summary" aria-live="polite">
        {t('fleet.summary', {
          online: counts.online + counts.sos,
          sos: counts.sos,
          total: counts.total,
        })}
      </p>
      <ul className="fleet-legend" aria-label={t('fleet.legend')}>
        {(['online', 'offline', 'sos'] as const).map((state) => (
          <li key={state}>
            <span className={`fleet-dot fleet-dot--${state}`} aria-hidden /> {t(`fleet.${state}`)}
          </li>
        ))}
      </ul>
      {counts.unplaced > 0 && <p className="item-meta">{t('fleet.unplaced', { count: counts.unplaced })}</p>}
    </div>
  );
};
