import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fenceAlarmReads, sosReads } from './changes.ts';
import { markFenceAlarmsSeen, noteFenceAlarm } from './live-alarms.ts';
import { onLiveEvent, openLiveEvents } from './live-events.ts';
import { invalidateEndpoints } from './use-endpoint-mutation.ts';

/**
 * Keeps the console's event stream open while the signed-in screens are shown (it closes with them, on
 * logout), and has an SOS raised or processed anywhere in scope refetch the SOS count and lists on screen
 * at once (the count's 3 s poll stays as the fallback); a fence alarm refetches the fence records and
 * counts towards their badge.
 */
export const useLiveConnection = (): void => {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void invalidateEndpoints(client, sosReads);
    const off = [
      onLiveEvent('sos.raised', refresh),
      onLiveEvent('sos.processed', refresh),
      onLiveEvent('fence.alarm', () => {
        noteFenceAlarm();
        void invalidateEndpoints(client, fenceAlarmReads);
      }),
    ];
    const close = openLiveEvents();
    return () => {
      close();
      for (const stop of off) stop();
      markFenceAlarmsSeen();
    };
  }, [client]);
};
