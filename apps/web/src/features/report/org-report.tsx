import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgReport } from '../../api/queries/use-org-report.ts';
import { PeriodTabs } from './period-tabs.tsx';
import { readerZone, weekNames } from './periods.ts';
import { ReportBlock } from './report-block.tsx';
import { ReportState } from './report-state.tsx';

const WeekChoices = [8, 12, 26] as const;

/** A company's weeks: users online, SOS raised and processed, fence alarms (an agent names the company). */
export function OrgReport({ orgId }: { orgId?: number }) {
  const { t, i18n } = useTranslation();
  const [weeks, setWeeks] = useState<number>(8);
  const report = useOrgReport({ weeks, orgId, timeZone: readerZone() });
  const rows = report.data?.weeks;
  const periods = rows
    ? weekNames(
        rows.map((w) => w.week),
        i18n.language,
      )
    : [];
  return (
    <>
      <div className="report-filters">
        <PeriodTabs choices={WeekChoices} value={weeks} unit="weeks" onChange={setWeeks} />
      </div>
      <ReportState query={report} />
      {rows && (
        <>
          <ReportBlock
            title={t('report.online')}
            periodHead={t('report.week')}
            periods={periods}
            series={[{ label: t('report.onlineSeries'), values: rows.map((w) => w.online) }]}
            hint={t('report.onlineHint')}
            testId="report-online"
          />
          <ReportBlock
            title={t('report.alarms')}
            periodHead={t('report.week')}
            periods={periods}
            series={[
              { label: t('report.sosRaised'), values: rows.map((w) => w.sosRaised) },
              { label: t('report.sosProcessed'), values: rows.map((w) => w.sosProcessed) },
              { label: t('report.fenceAlarms'), values: rows.map((w) => w.fenceAlarms) },
            ]}
            testId="report-alarms"
          />
        </>
      )}
    </>
  );
}
