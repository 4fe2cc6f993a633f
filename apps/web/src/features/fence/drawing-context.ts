import { api, FenceLimits, Limits } from '@ptt/contract';
import type { TFunction } from 'i18next';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import type { MapMarker, MapShape } from '../../components/map/shapes.ts';
import { getLoginInfo } from '../../lib/storage.ts';

/**
 * What a fence is drawn beside: the company's other fences (its newest FenceLimits.shapesMax) and its
 * terminals' last positions (the fleet's first page), grey on the map, with a note when either is cut.
 * A company reads its own; an agent editing a fence reads the fence's company. Neither read toasts: the
 * map still draws without them. The count of the company's fences comes with them.
 */
export const useDrawingContext = (t: TFunction, editingId: number, orgId: number | undefined) => {
  const enabled = getLoginInfo()?.role === 1 || orgId !== undefined;
  const params = orgId !== undefined ? { orgId } : {};
  const fences = useEndpointQuery(api.fence.shapes, params, { enabled, toast: false });
  const fleet = useEndpointQuery(api.location.fleet, params, { enabled, toast: false });
  const shapes: MapShape[] = (fences.data?.list ?? [])
    .filter((f) => f.id !== editingId)
    .flatMap((f): MapShape[] => {
      if (f.shape === 'circle' && f.center && f.radius !== null)
        return [{ kind: 'circle', center: f.center, radius: f.radius, label: f.name, tone: 'other' }];
      if (f.shape === 'polygon' && f.points.length >= 3)
        return [{ kind: 'polygon', points: f.points, label: f.name, tone: 'other' }];
      return [];
    });
  const markers: MapMarker[] = (fleet.data?.list ?? []).flatMap((u) =>
    u.lat !== null && u.lng !== null
      ? [{ lat: u.lat, lng: u.lng, label: u.name, tone: 'other' as const }]
      : [],
  );
  const notes: string[] = [];
  const total = fences.data?.total ?? 0;
  if (total > FenceLimits.shapesMax)
    notes.push(t('fence.context.fencesCut', { count: FenceLimits.shapesMax, total }));
  if (fleet.data?.next != null) notes.push(t('fence.context.terminalsCut', { count: Limits.fleetPage }));
  // How many fences the company has, once read: a new fence past FenceLimits.perCompanyMax is refused.
  const count = fences.isSuccess ? total : undefined;
  return { shapes, markers, notes, count, loaded: fences.isSuccess && fleet.isSuccess };
};
