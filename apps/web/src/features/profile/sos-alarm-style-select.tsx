import { useTranslation } from 'react-i18next';
import { setSosAlarmStyle, sosAlarmStyles, useSosAlarmStyle } from '../../lib/alarm-style.ts';
import { getLoginInfo } from '../../lib/storage.ts';

/** "SOS alarm on this phone": full screen, a banner with a short sound, or a silent banner. */
export const SosAlarmStyleSelect = () => {
  const { t } = useTranslation();
  const role = getLoginInfo()?.role ?? 1;
  const style = useSosAlarmStyle(role);
  return (
    <div className="settings__row" data-testid="sos-alarm-style">
      <label className="settings__label" htmlFor="sos-alarm-style">
        {t('sos.alarm.style')}
        <small className="item-meta">{t('sos.alarm.styleHint')}</small>
      </label>
      <select
        id="sos-alarm-style"
        className="settings__select"
        value={style}
        data-testid="sos-alarm-style-select"
        onChange={(e) => setSosAlarmStyle(role, e.target.value as typeof style)}
      >
        {sosAlarmStyles.map((s) => (
          <option key={s} value={s}>
            {t(`sos.alarm.styles.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
};
