import { useTranslation } from 'react-i18next';
import {
  fenceAlarmStyles,
  setFenceAlarmStyle,
  setSosAlarmStyle,
  sosAlarmStyles,
  useFenceAlarmStyle,
  useSosAlarmStyle,
} from '../../lib/alarm-style.ts';
import { getLoginInfo } from '../../lib/storage.ts';

interface Props {
  id: string;
  label: string;
  hint: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

const StyleSelect = ({ id, label, hint, value, options, onChange }: Props) => (
  <div className="settings__row" data-testid={id}>
    <label className="settings__label" htmlFor={id}>
      {label}
      <small className="item-meta">{hint}</small>
    </label>
    <select
      id={id}
      className="settings__select"
      value={value}
      data-testid={`${id}-select`}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  </div>
);

/** "SOS alarm on this phone": full screen, a banner with a short sound, or a silent banner. */
export const SosAlarmStyleSelect = () => {
  const { t } = useTranslation();
  const role = getLoginInfo()?.role ?? 1;
  return (
    <StyleSelect
      id="sos-alarm-style"
      label={t('sos.alarm.style')}
      hint={t('sos.alarm.styleHint')}
      value={useSosAlarmStyle(role)}
      options={sosAlarmStyles.map((s) => ({ value: s, label: t(`sos.alarm.styles.${s}`) }))}
      onChange={(s) => setSosAlarmStyle(role, s as (typeof sosAlarmStyles)[number])}
    />
  );
};

/** "Fence alarms on this phone": a banner with a short sound, a silent banner, or none. */
export const FenceAlarmStyleSelect = () => {
  const { t } = useTranslation();
  const role = getLoginInfo()?.role ?? 1;
  return (
    <StyleSelect
      id="fence-alarm-style"
      label={t('fence.alarm.style')}
      hint={t('fence.alarm.styleHint')}
      value={useFenceAlarmStyle(role)}
      options={fenceAlarmStyles.map((s) => ({ value: s, label: t(`fence.alarm.styles.${s}`) }))}
      onChange={(s) => setFenceAlarmStyle(role, s as (typeof fenceAlarmStyles)[number])}
    />
  );
};
