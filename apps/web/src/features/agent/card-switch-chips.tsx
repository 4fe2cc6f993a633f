import { CardTypes } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/form/field.tsx';

interface Props {
  /** Card fields the caller may switch on (its own switch). */
  allowed: Record<string, number | string> | undefined;
  value: Record<string, number | string>;
  onChange: (value: Record<string, number | string>) => void;
}

/** The card switch of a sub-agent: only the types its parent has on can be offered. */
export const CardSwitchChips = ({ allowed, value, onChange }: Props) => {
  const { t } = useTranslation();
  return (
    <Field id="card-switch" label={t('manage.cardSwitch')} hint={t('manage.cardSwitchHint')}>
      <div className="chips" id="card-switch" style={{ padding: '8px 0' }}>
        {CardTypes.filter((c) => allowed?.[c.field] === 1).map((c) => (
          <button
            key={c.code}
            type="button"
            className="chip"
            data-testid={`switch-${c.key}`}
            aria-pressed={value[c.field] === 1}
            onClick={() => onChange({ ...value, [c.field]: value[c.field] === 1 ? 0 : 1 })}
          >
            {t(`card.${c.key}`)}
          </button>
        ))}
      </div>
    </Field>
  );
};
