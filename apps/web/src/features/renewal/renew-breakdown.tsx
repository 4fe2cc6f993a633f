import type { api, DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/dates.ts';

type Breakdown = DataOf<typeof api.terminal.renewPreview>['breakdown'];

/** Up to this many terminals the list shows open; a longer one opens on a tap, the actions staying in reach. */
const OPEN_UP_TO = 20;

/**
 * What the renewal does on each terminal, as the server reckoned it with the cost: per chosen function its
 * expiry now and after, or that it is not due or permanent and left as it is.
 */
export const RenewBreakdown = ({ breakdown }: { breakdown: Breakdown }) => {
  const { t, i18n } = useTranslation();
  if (breakdown.length === 0) return null;
  const day = (d: string | null) => (d ? formatDay(d, i18n.language) : t('renewal.breakdown.never'));
  return (
    <details className="renew-sheet__breakdown" open={breakdown.length <= OPEN_UP_TO}>
      <summary className="item-meta">{t('renewal.breakdown.title', { count: breakdown.length })}</summary>
      <ul className="renew-sheet__costs" data-testid="renew-breakdown">
        {breakdown.map((row) => (
          <li key={row.id} data-testid={`renew-row-${row.id}`} title={row.ssid}>
            {t('renewal.breakdown.row', {
              name: row.name,
              steps: row.functions
                .map((s) => {
                  const card = t(`card.${s.function}`);
                  if (s.outcome === 'renewed')
                    return t('renewal.breakdown.renewed', { card, from: day(s.expires), to: day(s.renewed) });
                  return t(`renewal.breakdown.${s.outcome}`, { card });
                })
                .join(t('renewal.breakdown.separator')),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
};
