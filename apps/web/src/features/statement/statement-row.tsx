import { type api, CardTypes, type DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';

type Row = DataOf<typeof api.agent.statement>['list'][number];

/** The kind of a movement from the signed-in agent's side. */
const kindOf = (r: Pick<Row, 'kind' | 'direction'>) => {
  if (r.kind === 'sale') return r.direction === 'out' ? 'saleOut' : 'saleIn';
  if (r.kind === 'recycle') return r.direction === 'in' ? 'recycleIn' : 'recycleOut';
  if (r.kind === 'restore') return r.direction === 'out' ? 'restoreOut' : 'restoreIn';
  return r.kind;
};

/** One movement: what and with whom, +/− cards, the balance before → after, who did it and when. */
export const StatementRow = ({ row: r }: { row: Row }) => {
  const { t, i18n } = useTranslation();
  const kind = kindOf(r);
  const card = CardTypes[r.cardType];
  const sign = r.direction === 'in' ? '+' : '−';
  const counterpart = r.counterpart?.name ?? (r.kind === 'grant' ? t('statement.platform') : '');
  return (
    <div className="row statement-row" data-testid="statement-row" data-kind={kind}>
      <span className="row__label statement-row__text">
        {t(`statement.kind.${kind}` as 'statement.kind.grant')} · {card ? t(`card.${card.key}`) : r.cardType}
        {counterpart && (
          <>
            <br />
            <span className="item-meta">{counterpart}</span>
          </>
        )}
        <br />
        <span className="item-meta">
          {formatDateTime(r.created_at, i18n.language)}
          {r.operator && ` · ${t('statement.by', { name: r.operator.name })}`}
        </span>
      </span>
      <span className="statement-row__figures">
        <span className={`statement-row__count statement-row__count--${r.direction}`}>
          {sign}
          {r.quantity}
        </span>
        {r.after !== null && (
          <span className="item-meta" data-testid="statement-balance">
            {t('statement.balance', { before: r.before, after: r.after })}
          </span>
        )}
      </span>
    </div>
  );
};
