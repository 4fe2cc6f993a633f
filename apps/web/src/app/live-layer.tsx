import { useLiveConnection } from '../api/use-live-connection.ts';
import { SosAlarm } from '../features/sos/sos-alarm.tsx';

/** What the signed-in console does with its event stream on every screen: fresh SOS counts, the alarm. */
export const LiveLayer = () => {
  useLiveConnection();
  return <SosAlarm />;
};
