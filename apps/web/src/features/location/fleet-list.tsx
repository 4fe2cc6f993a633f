import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareRows, type FleetStore, stateOf } from './fleet-store.ts';
import { formatFix } from './format-fix.ts';
import { useFleetVersion } from './use-fleet.ts';

const page = 100;

/** The fleet as a list for phones that would rather read: SOS first, then online, by name. */
export const FleetList = ({ store, onSelect }: { store: FleetStore; onSelect: (id: number) => void }) => {
  const { t, i18n } = useTranslation();
  const version = useFleetVersion(store, 1_000);
  const [shown, setShown] = useState(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store changes in place; version tells
  const rows = useMemo(() => store.all().sort(compareRows), [store, version]);
  if (!store.ready)
    return (
      <section className="section">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  if (!rows.length) return <p className="fleet-empty">{t('fleet.empty')}</p>;
  return (
    <section className="section section--list fleet-list" aria-label={t('fleet.list')}>
      <ul className="rows" data-testid="fleet-rows">
        {rows.slice(0, shown).map((row) => {
          const state = stateOf(row);
          return (
            <li key={row.terminal_id}>
              <button
                type="button"
                className="row fleet-row"
                data-testid={`fleet-row-${row.ssid}`}
                data-state={state}
                onClick={() => onSelect(row.terminal_id)}
              >
                <span className={`fleet-dot fleet-dot--${state}`} aria-hidden />
                <span className="row__label">
                  {row.name}
                  <span className="visually-hidden"> · {t(`fleet.${state}`)}</span>
                  <br />
                  <span className="item-meta">
                    {row.ssid} ·{' '}
                    {row.at
                      ? t('fleet.lastFix', { time: formatFix(row.at, i18n.language) })
                      : t('fleet.noPosition')}
                  </span>
                </span>
                <RightOutline aria-hidden className="row__arrow" />
              </button>
            </li>
          );
        })}
      </ul>
      {rows.length > shown && (
        <button type="button" className="btn btn--block fleet-more" onClick={() => setShown(shown + page)}>
          {t('fleet.showMore')}
        </button>
      )}
    </section>
  );
};
