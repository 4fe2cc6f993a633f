import { rules } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay } from '../lib/dates.ts';
import { DateField } from './form/date-field.tsx';
import { ruleErrors } from './form/use-rule-form.ts';

/**
 * An optional day range of a list filter (SOS, recordings, fence records): both days or none, start
 * before end, at most 90 days (the contract's rule). `filter` holds the range only while it is valid,
 * so a list never asks the server for a range it would refuse.
 */
export function useDateRange() {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const both = start !== '' && end !== '';
  const key = both ? (Object.values(ruleErrors(rules.dateRange, { start, end }))[0] ?? null) : null;
  return {
    start,
    end,
    setStart,
    setEnd,
    clear: () => {
      setStart('');
      setEnd('');
    },
    /** The last `days` days up to today, today included. */
    last: (days: number) => {
      setStart(localDay(1 - days));
      setEnd(localDay());
    },
    errorKey: key,
    filter: both && !key ? { start, end } : {},
  };
}

type Range = ReturnType<typeof useDateRange>;

/** The presets a range offers: the last week, month and quarter (the rule's 90 days at most). */
const presets = [7, 30, 90] as const;

/** The two day pickers of a range with its rule message, presets and a way back to all dates. */
export const DateRangeFields = ({ range, idPrefix }: { range: Range; idPrefix: string }) => {
  const { t } = useTranslation();
  return (
    <div className="date-range">
      <div className="field-pair">
        <DateField
          id={`${idPrefix}-start`}
          label={t('range.from')}
          value={range.start}
          max={range.end || undefined}
          onChange={range.setStart}
        />
        <DateField
          id={`${idPrefix}-end`}
          label={t('range.to')}
          error={range.errorKey ? t(`msg.${range.errorKey}` as 'msg.ok') : null}
          value={range.end}
          min={range.start || undefined}
          onChange={range.setEnd}
        />
      </div>
      <div className="chips">
        {presets.map((days) => (
          <button
            key={days}
            type="button"
            className="chip"
            aria-pressed={range.start === localDay(1 - days) && range.end === localDay()}
            onClick={() => range.last(days)}
            data-testid={`${idPrefix}-last-${days}`}
          >
            {t('range.last', { count: days })}
          </button>
        ))}
        {(range.start || range.end) && (
          <button type="button" className="chip" onClick={range.clear} data-testid={`${idPrefix}-clear`}>
            {t('range.all')}
          </button>
        )}
      </div>
    </div>
  );
};
