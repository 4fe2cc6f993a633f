import { rules } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './form/field.tsx';
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
    errorKey: key,
    filter: both && !key ? { start, end } : {},
  };
}

type Range = ReturnType<typeof useDateRange>;

/** The two day inputs of a range with its rule message and a way back to all dates. */
export const DateRangeFields = ({ range, idPrefix }: { range: Range; idPrefix: string }) => {
  const { t } = useTranslation();
  return (
    <div className="date-range">
      <div className="field-pair">
        <Field id={`${idPrefix}-start`} label={t('range.from')}>
          <input
            id={`${idPrefix}-start`}
            type="date"
            value={range.start}
            max={range.end || undefined}
            onChange={(e) => range.setStart(e.target.value)}
          />
        </Field>
        <Field
          id={`${idPrefix}-end`}
          label={t('range.to')}
          error={range.errorKey ? t(`msg.${range.errorKey}` as 'msg.ok') : null}
        >
          <input
            id={`${idPrefix}-end`}
            type="date"
            value={range.end}
            min={range.start || undefined}
            onChange={(e) => range.setEnd(e.target.value)}
          />
        </Field>
      </div>
      {(range.start || range.end) && (
        <button type="button" className="chip" onClick={range.clear} data-testid={`${idPrefix}-clear`}>
          {t('range.all')}
        </button>
      )}
    </div>
  );
};
