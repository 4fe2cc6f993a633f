import { api, type DataOf, LiveEventTypes } from '@ptt/contract';
import { useEffect, useRef, useState } from 'react';
import { onLiveEvent } from '../../api/live-events.ts';
import { useEndpointCursorPages } from '../../api/use-endpoint-query.ts';
import { FleetStore } from './fleet-store.ts';

const fleetEvents = LiveEventTypes.filter((type) => type !== 'fence.alarm');

type Page = DataOf<typeof api.location.fleet>;

/**
 * The fleet of one company (its group, when one is chosen): loaded page after page, then kept current by
 * the event stream. `enabled` is false while an agent has not chosen the company. `loadingMore` is true
 * while pages after the first are on their way, `loaded` once the last one is in.
 */
export const useFleet = (params: { orgId?: number; groupId?: number }, enabled: boolean) => {
  const [store] = useState(() => new FleetStore());
  const query = useEndpointCursorPages(api.location.fleet, params, 'after', {
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

  // A page that arrives joins the pages before it; pages read again (a refetch) replace them all.
  const pages = query.data?.pages;
  const given = useRef<Page[]>([]);
  useEffect(() => {
    if (!pages) return;
    const before = given.current;
    given.current = pages;
    const grown = before.length > 0 && before.length < pages.length && before.every((p, i) => p === pages[i]);
    if (grown) for (const page of pages.slice(before.length)) store.add(page.list);
    else store.reset(pages.flatMap((page) => page.list));
  }, [store, pages]);

  const loaded = query.isSuccess && !query.hasNextPage;
  const loadingMore = query.isSuccess && query.hasNextPage;
  return { store, query, loaded, loadingMore };
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
