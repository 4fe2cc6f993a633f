import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabel, dateText, displayDate, type Precision, parseDateText } from './date-value.ts';
import { Field, type InputProps } from './field.tsx';

// The picker's chunk loads with the first tap, so list pages with a date filter do not carry it.
const DatePicker = lazy(() => import('antd-mobile/es/components/date-picker'));

/** The value is `YYYY-MM-DD` (day) or `YYYY-MM-DDTHH:mm` (minute), local time; '' when none is chosen. */
interface Props extends InputProps {
  precision?: Precision;
  /** Bounds in the value's own format (the other end of a range). */
  min?: string;
  max?: string;
  placeholder?: string;
}

/**
 * A date (or date and time) field: shows the value in the user's language and opens antd-mobile's
 * picker (columns in that language) instead of the browser's input, whose format follows the phone's
 * settings rather than the app's language. The value stays text the form and its rules own.
 */
export const DateField = ({ id, label, value, onChange, error, hint, precision = 'day', ...rest }: Props) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const lang = i18n.language;
  const min = rest.min ? parseDateText(rest.min) : undefined;
  const max = rest.max ? parseDateText(rest.max) : undefined;
  const shown = displayDate(value, precision, lang);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <button
        type="button"
        id={id}
        className="date-field"
        data-value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {shown || <span className="date-field__placeholder">{rest.placeholder ?? t('common.choose')}</span>}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <DatePicker
            visible={open}
            title={label}
            precision={precision}
            value={parseDateText(value) ?? null}
            min={min}
            max={max}
            renderLabel={(type, data) => columnLabel(lang, type, data)}
            onClose={() => setOpen(false)}
            onConfirm={(d) => onChange(dateText(d, precision))}
          />
        </Suspense>
      )}
    </Field>
  );
};
