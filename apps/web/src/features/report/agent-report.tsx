import { CardTypes } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentReport } from '../../api/queries/use-agent-report.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { PeriodTabs } from './period-tabs.tsx';
import { cardTotals, monthNames, readerZone } from './periods.ts';
import { ReportBlock } from './report-block.tsx';
import { ReportState } from './report-state.tsx';

const MonthChoices = [6, 12, 24] as const;

/** The signed-in agent's months: cards sold, consumed and recycled (all types or one), new and lapsed users. */
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
            periods={periods}
            series={cardTotals(rows).map((s) => ({ label: t(`report.${s.key}`), values: s.values }))}
            testId="report-cards"
          >
            <fieldset className="chips report-chips">
              <legend className="visually-hidden">{t('report.cardTypes')}</legend>
              {[undefined, ...cards.map((c) => c.code)].map((code) => (
                <button
                  key={code ?? 'all'}
                  type="button"
                  className="chip"
                  aria-pressed={cardType === code}
                  data-testid={`card-${code ?? 'all'}`}
                  onClick={() => setCardType(code)}
                >
                  {code === undefined ? t('report.allCards') : t(`card.${CardTypes[code].key}`)}
                </button>
              ))}
            </fieldset>
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
