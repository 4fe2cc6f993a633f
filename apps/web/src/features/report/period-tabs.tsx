import { useTranslation } from 'react-i18next';

interface Props {
  choices: readonly number[];
  value: number;
  unit: 'months' | 'weeks';
  onChange: (n: number) => void;
}

/** How far back a report reaches, as tabs. */
export function PeriodTabs({ choices, value, unit, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="tablist" aria-label={t('report.period')}>
      {choices.map((n) => (
        <button
          key={n}
          type="button"
          role="tab"
          aria-selected={value === n}
          className="segmented__item"
          data-testid={`period-${n}`}
          onClick={() => onChange(n)}
        >
          {t(`report.${unit}`, { count: n })}
        </button>
      ))}
    </div>
  );
}
