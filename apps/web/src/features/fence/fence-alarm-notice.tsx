import type { LiveEventDataOf } from '@ptt/contract';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../api/live-events.ts';
import { AlarmBanner } from '../../components/alarm-banner.tsx';
import { alarmTrail } from '../../components/alarm-trail.ts';
import { chime } from '../../lib/alarm-sound.ts';
import { useFenceAlarmStyle } from '../../lib/alarm-style.ts';
import { formatTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { kindName } from './trigger.ts';

type Alarm = LiveEventDataOf<'fence.alarm'>;

/** How long a fence alarm stays on screen without a tap: long enough to read it across the room. */
export const fenceAlarmShownMs = 15_000;

/**
 * Fence alarms as they are written, on every signed-in screen: a banner with a short alarm sound (not the
 * full-screen SOS alarm: a fence crossing asks for a look, not for the screen), who crossed which fence,
 * and links to the terminal's track, its recordings and the fence records. The newest is shown; those
 * before it are counted. As this phone is set (per role): silent, or not shown at all.
 */
export const FenceAlarmNotice = () => {
  const { t, i18n } = useTranslation();
  const style = useFenceAlarmStyle(getLoginInfo()?.role ?? 1);
  const [alarms, setAlarms] = useState<Alarm[]>([]);
  useLiveEvent('fence.alarm', (alarm) => {
    if (style === 'off') return;
    setAlarms((list) => (list.some((a) => a.record_id === alarm.record_id) ? list : [alarm, ...list]));
    if (style === 'banner') chime();
  });
  const latest = alarms[0];
  useEffect(() => {
    if (!latest) return;
    const timer = setTimeout(() => setAlarms([]), fenceAlarmShownMs);
    return () => clearTimeout(timer);
  }, [latest]);
  if (!latest) return null;
  return (
    <AlarmBanner
      tone="warning"
      icon={<EnvironmentOutline />}
      title={t('fence.alarm.title')}
      more={alarms.length > 1 ? t('fence.alarm.more', { count: alarms.length - 1 }) : undefined}
      text={t('fence.alarm.text', {
        name: latest.terminal_name,
        kind: kindName(t, latest.trigger),
        fence: latest.fence_name,
        time: formatTime(latest.at, i18n.language),
      })}
      actions={[
        ...alarmTrail(t, latest.terminal_id, 'fence-alarm'),
        { to: '/fencerecord', label: t('fence.alarm.records'), testId: 'fence-alarm-records' },
      ]}
      closeLabel={t('fence.alarm.close')}
      onClose={() => setAlarms([])}
      testId="fence-alarm"
    />
  );
};
