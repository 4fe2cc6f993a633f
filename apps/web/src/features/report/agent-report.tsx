import { CardTypes } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentReport } from '../../api/queries/use-agent-report.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { CardTypeChips } from '../../components/card-type-chips.tsx';
import { PeriodTabs } from './period-tabs.tsx';
import { cardTotals, monthNames, readerZone } from './periods.ts';
import { ReportBlock } from './report-block.tsx';
import { ReportState } from './report-state.tsx';

const MonthChoices = [6, 12, 24] as const;

/** The signed-in agent's months: cards bought, sold, consumed and recycled (all types or one), new and lapsed users. */
export function AgentReport() {
  const { t, i18n } = useTranslation();
  const [months, setMonths] = useState<number>(6);
  const [cardType, setCardType] = useState<number | undefined>(undefined);
  const switches = useCardSwitch().data;
  const cards = CardTypes.filter((c) => !switches || switches[c.field] === 1);
  const report = useAgentReport({ months, cardType, timeZone: readerZone() });
  const rows = report.data?.months;
  const periods = rows
    ? monthNames(
        rows.map((m) => m.month),
        i18n.language,
      )
    : [];
  return (
    <>
      <div className="report-filters">
        <PeriodTabs choices={MonthChoices} value={months} unit="months" onChange={setMonths} />
      </div>
      <ReportState query={report} />
      {rows && (
        <>
          <ReportBlock
            title={t('report.cards')}
            periodHead={t('report.month')}
            periods={periods.map((p, i) => ({ ...p, link: `/statement?month=${rows[i].month}` }))}
            series={cardTotals(rows).map((s) => ({ label: t(`report.${s.key}`), values: s.values }))}
            testId="report-cards"
          >
            <CardTypeChips
              cards={cards}
              value={cardType}
              onChange={setCardType}
              legend={t('report.cardTypes')}
              allText={t('report.allCards')}
              testIdPrefix="card"
              byCode
              className="report-chips"
            />
          </ReportBlock>
          <ReportBlock
            title={t('report.terminals')}
            periodHead={t('report.month')}
            periods={periods}
            series={[
              { label: t('report.created'), values: rows.map((m) => m.created) },
              { label: t('report.lapsed'), values: rows.map((m) => m.lapsed) },
            ]}
            hint={t('report.lapsedHint')}
            testId="report-terminals"
          />
        </>
      )}
    </>
  );
}
