import { type api, CardTypes, type DataOf } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';

export type Row = DataOf<typeof api.agent.statement>['list'][number];

/** The kind of a movement from the signed-in agent's side. */
const kindOf = (r: Pick<Row, 'kind' | 'direction'>) => {
  if (r.kind === 'sale') return r.direction === 'out' ? 'saleOut' : 'saleIn';
  if (r.kind === 'recycle') return r.direction === 'in' ? 'recycleIn' : 'recycleOut';
  if (r.kind === 'restore') return r.direction === 'out' ? 'restoreOut' : 'restoreIn';
  return r.kind;
};

/**
 * Whom a movement's cards were used for: the first users by name and how many more, or, for a
 * movement older than that record, that it was not recorded.
 */
const UsedFor = ({ row: r }: { row: Row }) => {
  const { t } = useTranslation();
  if (!r.users) return null;
  const more = r.quantity - r.users.length;
  return (
    <>
      <br />
      <span className="item-meta statement-row__users" data-testid="statement-users">
        {r.users.length === 0
          ? t('statement.usersNotRecorded')
          : t(more > 0 ? 'statement.usedForMore' : 'statement.usedFor', {
              names: r.users.map((u) => u.name).join(t('statement.nameSeparator')),
              count: more,
            })}
      </span>
    </>
  );
};

/**
 * One movement: what and with whom, +/− cards, the balance before → after, who did it and when. A
 * movement that used cards names its users, and a tap opens them all.
 */
export const StatementRow = ({ row: r }: { row: Row }) => {
  const { t, i18n } = useTranslation();
  const kind = kindOf(r);
  const card = CardTypes[r.cardType];
  const sign = r.direction === 'in' ? '+' : '−';
  const counterpart = r.counterpart?.name ?? (r.kind === 'grant' ? t('statement.platform') : '');
  const opens = (r.users?.length ?? 0) > 0;
  const body = (
    <>
      <span className="row__label statement-row__text">
        {t(`statement.kind.${kind}` as 'statement.kind.grant')} · {card ? t(`card.${card.key}`) : r.cardType}
        {counterpart && (
          <>
            <br />
            <span className="item-meta">{counterpart}</span>
          </>
        )}
        <UsedFor row={r} />
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
      {opens && <RightOutline aria-hidden className="row__arrow" />}
    </>
  );
  return opens ? (
    <Link
      to={`/statementUsers?id=${r.id}`}
      state={{ row: r }}
      className="row statement-row"
      data-testid="statement-row"
      data-kind={kind}
    >
      {body}
    </Link>
  ) : (
    <div className="row statement-row" data-testid="statement-row" data-kind={kind}>
      {body}
    </div>
  );
};
