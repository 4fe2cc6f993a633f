import { useLiveConnection } from '../api/use-live-connection.ts';
import { FenceAlarmNotice } from '../features/fence/fence-alarm-notice.tsx';
import { SosAlarm } from '../features/sos/sos-alarm.tsx';

/**
 * What the signed-in console does with its event stream on every screen: fresh SOS counts, the SOS
 * alarm, and the banner of fence alarms.
 */
export const LiveLayer = () => {
  useLiveConnection();
  return (
    <>
      <FenceAlarmNotice />
      <SosAlarm />
    </>
  );
};
