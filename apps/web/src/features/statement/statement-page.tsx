import { api, CardTypes } from '@ptt/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { CardTypeChips } from '../../components/card-type-chips.tsx';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportButtons } from '../../components/export-menu.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { MonthSummary } from './month-summary.tsx';
import { daysOf, deviceZone, isMonth, monthLabel, recentMonths } from './months.ts';
import { StatementRow } from './statement-row.tsx';
import './statement.css';

/** Months the tabs offer, this one first. */
const MONTH_TABS = 12;

/** The tab after the months: movements between any two days. */
const RANGE = 'range';

/**
 * /statement: the agent's card movements month by month, or between any two days, with the balance
 * before and after each.
 */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const cardSwitch = useCardSwitch();
  // A month opened from elsewhere (a report's row) is chosen, and gets a tab of its own when it is older
  // than the tabs reach.
  const [params] = useSearchParams();
  const asked = isMonth(params.get('month')) ? (params.get('month') as string) : undefined;
  const months = useMemo(() => {
    const recent = recentMonths(MONTH_TABS);
    return asked && !recent.includes(asked) && asked < recent[0] ? [...recent, asked] : recent;
  }, [asked]);
  const [month, setMonth] = useState(asked && months.includes(asked) ? asked : months[0]);
  const [cardType, setCardType] = useState<number | undefined>(undefined);
  const range = useDateRange();
  const timeZone = useMemo(deviceZone, []);
  const cards = CardTypes.filter((c) => cardSwitch.data?.[c.field] === 1);
  const ranged = month === RANGE;
  const days = ranged ? { from: range.filter.start, to: range.filter.end } : daysOf(month);
  const filter = { cardType, ...days, timeZone };
  const named = ranged ? `${days.from}-${days.to}` : month;
  return (
    <div className="page" data-testid="statement">
      <PageHeader title={t('statement.title')} />
      <section className="section statement-filters" aria-label={t('statement.cardType')}>
        <ChoiceChips
          legend={t('statement.months')}
          choices={[...months, RANGE]}
          value={month}
          onChange={setMonth}
          label={(m) => (m === RANGE ? t('statement.range') : monthLabel(m, i18n.language))}
          testId={(m) => `statement-month-${m}`}
          className="statement-filters__row"
        />
        {ranged && <DateRangeFields range={range} idPrefix="statement-range" />}
        <CardTypeChips
          cards={cards}
          value={cardType}
          onChange={setCardType}
          legend={t('statement.cardType')}
          allText={t('statement.allTypes')}
          testIdPrefix="statement-card"
          className="statement-filters__row"
        />
        {(!ranged || days.from) && (
          <ExportButtons
            endpoint={api.agent.statementExport}
            params={filter}
            testId="statement-export"
            label={t(ranged ? 'statement.exportRange' : 'statement.exportMovements')}
            name={`statement-${named}`}
          />
        )}
      </section>
      {ranged ? null : (
        <MonthSummary month={month} cardType={cardType} timeZone={timeZone}>
          {/* The months' file covers every month the tabs offer, as a year's statement. */}
          <ExportButtons
            endpoint={api.agent.statementMonthsExport}
            params={{ cardType, from: months[months.length - 1], to: months[0], timeZone }}
            testId="statement-months-export"
            label={t('statement.exportMonths', { count: MONTH_TABS })}
            name={`statement-months-${months[months.length - 1]}-${months[0]}`}
          />
        </MonthSummary>
      )}
      <h2 className="statement-movements">{t('statement.movements')}</h2>
      {ranged && !days.from ? (
        <p className="statement-range-hint" data-testid="statement-range-hint">
          {t('statement.chooseRange')}
        </p>
      ) : (
        <PagedList
          endpoint={api.agent.statement}
          params={filter}
          empty={t(ranged ? 'statement.emptyRange' : 'statement.empty')}
          testId="statement-list"
          rowKey={(r) => r.id}
          item={(r) => <StatementRow row={r} />}
        />
      )}
    </div>
  );
};
