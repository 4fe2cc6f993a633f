import { type api, CardTypes, type DataOf } from '@ptt/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';

type LedgerRow = DataOf<typeof api.agent.getSalesPurchaseRecord>['list'][number];

/** The kind of a movement from the signed-in agent's side. */
export const kindOf = (r: Pick<LedgerRow, 'kind' | 'direction'>): string => {
  if (r.kind === 'sale') return r.direction === 'out' ? 'saleOut' : 'saleIn';
  if (r.kind === 'recycle') return r.direction === 'in' ? 'recycleIn' : 'recycleOut';
  if (r.kind === 'restore') return r.direction === 'out' ? 'restoreOut' : 'restoreIn';
  return r.kind;
};

/**
 * Where a movement's cards came from and went to, so that each row reconciles: cards used for users
 * went to a company's users, a refund came from a company's deleted users, a grant from the platform.
 */
const ends = (r: LedgerRow, t: TFunction) => {
  const company = r.org?.orgName;
  if (r.kind === 'consume')
    return {
      from: r.fromAgent?.name ?? '',
      to: company ? t('sales.usersOf', { org: company }) : t('sales.users'),
    };
  if (r.kind === 'return')
    return {
      from: company ? t('sales.deletedUsersOf', { org: company }) : t('sales.deletedUsers'),
      to: r.toAgent?.name ?? '',
    };
  return { from: r.fromAgent?.name ?? t('sales.platform'), to: r.toAgent?.name ?? company ?? '' };
};

/** One card movement of the sales record; a tap opens its details in place. */
export const RecordRow = ({ record: r }: { record: LedgerRow }) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const kind = kindOf(r);
  const card = CardTypes[r.cardType];
  const { from, to } = ends(r, t);
  const kindText = t(`sales.kind.${kind}` as 'sales.kind.grant');
  const cardText = card ? t(`card.${card.key}`) : String(r.cardType);
  const sign = r.direction === 'in' ? '+' : '−';
  return (
    <div data-testid="record-row" data-kind={kind}>
      <button
        type="button"
        className="row record-row"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="row__label">
          {kindText} · {cardText}
          <br />
          <span className="item-meta">{t('sales.counterpart', { from, to })}</span>
          <br />
          <span className="item-meta">{formatDateTime(r.created_at, i18n.language)}</span>
        </span>
        <span className={`record-row__count record-row__count--${r.direction}`}>
          {sign}
          {r.quantity}
        </span>
      </button>
      {open && (
        <dl className="record-row__detail" data-testid="record-detail">
          <dt>{t('sales.detail.reference')}</dt>
          <dd>#{r.id}</dd>
          <dt>{t('sales.detail.time')}</dt>
          <dd>
            {new Date(r.created_at).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'medium',
            })}{' '}
            ({Intl.DateTimeFormat().resolvedOptions().timeZone})
          </dd>
          <dt>{t('sales.detail.movement')}</dt>
          <dd>{kindText}</dd>
          <dt>{t('sales.cardType')}</dt>
          <dd>{cardText}</dd>
          <dt>{t('sales.quantity')}</dt>
          <dd>
            {sign}
            {r.quantity}
          </dd>
          <dt>{t('sales.detail.from')}</dt>
          <dd>{from}</dd>
          <dt>{t('sales.detail.to')}</dt>
          <dd>{to}</dd>
          <dt>{t('sales.detail.company')}</dt>
          <dd>{r.org?.orgName ?? '—'}</dd>
          {r.kind === 'consume' && r.direction === 'out' && (
            <>
              <dt>{t('sales.detail.users')}</dt>
              <dd>
                <Link to={`/statementUsers?id=${r.id}`} data-testid="record-users">
                  {t('sales.detail.seeUsers')}
                </Link>
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
};
