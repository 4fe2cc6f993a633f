import { type api, CardTypes, type DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';

type LedgerRow = DataOf<typeof api.agent.getSalesPurchaseRecord>['list'][number];

/** The kind of a movement from the signed-in agent's side. */
export const kindOf = (r: Pick<LedgerRow, 'kind' | 'direction'>): string => {
  if (r.kind === 'sale') return r.direction === 'out' ? 'saleOut' : 'saleIn';
  if (r.kind === 'recycle') return r.direction === 'in' ? 'recycleIn' : 'recycleOut';
  if (r.kind === 'restore') return r.direction === 'out' ? 'restoreOut' : 'restoreIn';
  return r.kind;
};

/** One card movement of the sales record. */
export const RecordRow = ({ record: r }: { record: LedgerRow }) => {
  const { t, i18n } = useTranslation();
  const kind = kindOf(r);
  const card = CardTypes[r.cardType];
  return (
    <div className="row" data-testid="record-row" data-kind={kind}>
      <span className="row__label">
        {t(`sales.kind.${kind}` as 'sales.kind.grant')} · {card ? t(`card.${card.key}`) : r.cardType}
        <br />
        <span className="item-meta">
          {t('sales.counterpart', {
            from: r.fromAgent?.name ?? t('sales.platform'),
            to: r.toAgent?.name ?? r.org?.orgName ?? '',
          })}
        </span>
        <br />
        <span className="item-meta">{formatDateTime(r.created_at, i18n.language)}</span>
      </span>
      <span className={`record-row__count record-row__count--${r.direction}`}>
        {r.direction === 'in' ? '+' : '−'}
        {r.quantity}
      </span>
    </div>
  );
};
