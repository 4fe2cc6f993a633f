import { type api, CardTypes, type DataOf } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../api/network-state.ts';
import { useStatementMonths } from '../../api/queries/use-statement-months.ts';

type Month = DataOf<typeof api.agent.statementMonths>['list'][number];

/** The totals a month shows, in the order they move a balance: in first, then out. */
const totals = [
  ['granted', '+'],
  ['bought', '+'],
  ['recycledIn', '+'],
  ['restoredIn', '+'],
  ['refunded', '+'],
  ['sold', '−'],
  ['recycledOut', '−'],
  ['restoredOut', '−'],
  ['consumed', '−'],
] as const;

const TypeSummary = ({ m }: { m: Month }) => {
  const { t } = useTranslation();
  const card = CardTypes[m.cardType];
  const moved = totals.filter(([key]) => m[key] > 0);
  return (
    <li className="statement-summary__type" data-testid="statement-summary-type" data-card={m.cardType}>
      <div className="statement-summary__head">
        <strong>{card ? t(`card.${card.key}`) : m.cardType}</strong>
        <span>
          {t('statement.opening')} {m.opening} → {t('statement.closing')} <strong>{m.closing}</strong>
        </span>
      </div>
      {moved.length > 0 && (
        <dl className="statement-summary__totals">
          {moved.map(([key, sign]) => (
            <div key={key}>
              <dt>{t(`statement.total.${key}`)}</dt>
              <dd>
                {sign}
                {m[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
};

/** A month's summary per card type: opening and closing balance and what moved it. */
export const MonthSummary = ({
  month,
  cardType,
  timeZone,
  children,
}: {
  month: string;
  cardType?: number;
  timeZone: string;
  /** What follows the summary in its section (the export of the months). */
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const months = useStatementMonths({ from: month, to: month, cardType, timeZone });
  const list = months.data?.list;
  const offline = useOffline();
  return (
    <section className="section" aria-label={t('statement.summary')} data-testid="statement-summary">
      <h2 className="section__title">{t('statement.summary')}</h2>
      {months.isPending && months.fetchStatus !== 'paused' && <Skeleton.Paragraph lineCount={3} animated />}
      {!list && (months.isError || months.fetchStatus === 'paused') && (
        <ErrorBlock
          status={offline ? 'disconnected' : 'default'}
          title={t(offline ? 'list.offline' : 'list.failed')}
          description=""
        >
          <button type="button" className="btn" onClick={() => void months.refetch()}>
            {t('list.retry')}
          </button>
        </ErrorBlock>
      )}
      {list && list.length === 0 && <p className="item-meta">{t('statement.noSummary')}</p>}
      {list && list.length > 0 && (
        <ul className="statement-summary">
          {list.map((m) => (
            <TypeSummary key={m.cardType} m={m} />
          ))}
        </ul>
      )}
      {children}
    </section>
  );
};
