import { useTranslation } from 'react-i18next';

const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const minutes = Array.from({ length: 60 }, (_, m) => String(m).padStart(2, '0'));

interface Props {
  /** The id of the hour, which the field's label names. */
  id: string;
  /** HH:MM on a 24-hour clock. */
  value: string;
  onChange: (value: string) => void;
  /** What the pair is, for screen readers ("From", "To"). */
  label: string;
}

/**
 * A time of day as hour and minute on a 24-hour clock in every language: a browser's own time input
 * follows the phone's locale and shows AM/PM, which a daily fence period (00:00–23:59) does not read
 * well in.
 */
export const ClockSelect = ({ id, value, onChange, label }: Props) => {
  const { t } = useTranslation();
  const [hour = '00', minute = '00'] = value.split(':');
  return (
    <span className="clock-select">
      <select
        id={id}
        aria-label={`${label} · ${t('fence.hour')}`}
        value={hour}
        onChange={(e) => onChange(`${e.target.value}:${minute}`)}
        data-testid={`${id}-hour`}
      >
        {hours.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      <span aria-hidden>:</span>
      <select
        aria-label={`${label} · ${t('fence.minute')}`}
        value={minute}
        onChange={(e) => onChange(`${hour}:${e.target.value}`)}
        data-testid={`${id}-minute`}
      >
        {minutes.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </span>
  );
};
