import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format.ts';
import { type ChartSeries, ReportChart } from './report-chart.tsx';

interface Props {
  title: string;
  /** The periods' head in the table ('Month', 'Week of'). */
  periodHead: string;
  /** Each period's short name (under the chart) and full name (in the table), oldest first; a period
   * with a link opens its own record from the table (a month's statement). */
  periods: { short: string; full: string; link?: string }[];
  series: ChartSeries[];
  /** A line under the title that says what a figure counts. */
  hint?: string;
  children?: React.ReactNode;
  testId: string;
}

/**
 * One report series: its chart, and under it a table with the same figures, newest period first, for
 * those who read numbers (and for screen readers, which the chart only names). A period with nothing
 * shows the empty text instead of a flat line.
 */
export function ReportBlock({ title, periodHead, periods, series, hint, children, testId }: Props) {
  const { t } = useTranslation();
  const some = series.some((s) => s.values.some((v) => (v ?? 0) > 0));
  const rows = periods.map((p, i) => ({ ...p, i })).reverse();
  return (
    <section className="section report-block" data-testid={testId}>
      <h2 className="section__title">{title}</h2>
      {children}
      {hint && <p className="item-meta report-block__hint">{hint}</p>}
      {!some && (
        <p className="item-meta" data-testid={`${testId}-empty`}>
          {t('report.empty')}
        </p>
      )}
      {some && (
        <>
          <ReportChart
            labels={periods.map((p) => p.short)}
            series={series}
            description={t('report.chart', { title })}
          />
          <div className="report-table__scroll">
            <table className="report-table" data-testid={`${testId}-table`}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{periodHead}</th>
                  {series.map((s) => (
                    <th scope="col" key={s.label}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.full}>
                    <th scope="row">{row.link ? <Link to={row.link}>{row.full}</Link> : row.full}</th>
                    {series.map((s) => {
                      const v = s.values[row.i];
                      return (
                        <td key={s.label}>
                          {v === null || v === undefined ? (
                            <>
                              <span aria-hidden="true">–</span>
                              <span className="visually-hidden">{t('report.unknown')}</span>
                            </>
                          ) : (
                            formatCount(v)
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
