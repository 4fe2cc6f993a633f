import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '../../components/choice-chips.tsx';

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
    <ChoiceChips
      tabs
      legend={t('report.period')}
      choices={choices}
      value={value}
      onChange={onChange}
      label={(n) => t(`report.${unit}`, { count: n })}
      testId={(n) => `period-${n}`}
    />
  );
}
