import { api, LiveEventTypes } from '@ptt/contract';
import { useEffect, useState } from 'react';
import { onLiveEvent } from '../../api/live-events.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { FleetStore } from './fleet-store.ts';

const fleetEvents = LiveEventTypes.filter((type) => type !== 'fence.alarm');

/**
 * The fleet of one company (its group, when one is chosen): loaded once, then kept current by the event
 * stream. `enabled` is false while an agent has not chosen the company.
 */
export const useFleet = (params: { orgId?: number; groupId?: number }, enabled: boolean) => {
  const [store] = useState(() => new FleetStore());
  const query = useEndpointQuery(api.location.fleet, params, {
    enabled,
    // Each visit starts from the server's picture; events keep it current from there.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    const off = fleetEvents.map((type) => onLiveEvent(type, (_data, event) => store.apply(event)));
    return () => {
      for (const stop of off) stop();
    };
  }, [store]);

  // Events that come while another company or group loads wait for its list.
  const { orgId, groupId } = params;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts a new list
  useEffect(() => store.clear(), [store, orgId, groupId]);

  const list = query.data?.list;
  useEffect(() => {
    if (list) store.reset(list);
  }, [store, list]);

  return { store, query };
};

/**
 * The store's version, for a view that re-renders with its changes: at most once per `everyMs` (a list
 * of thousands re-sorted at every frame of a busy fleet would make the page stutter).
 */
export const useFleetVersion = (store: FleetStore, everyMs = 0): number => {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = store.subscribe((changed) => {
      // A new list shows at once; the events' changes gather.
      if (!everyMs || changed === null) return setVersion(store.version);
      timer ??= setTimeout(() => {
        timer = undefined;
        setVersion(store.version);
      }, everyMs);
    });
    setVersion(store.version);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [store, everyMs]);
  return version;
};
