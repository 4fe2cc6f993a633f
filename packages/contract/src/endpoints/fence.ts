import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import {
  checkOptionalDateRange,
  clockTime,
  decimal,
  digits,
  fenceName,
  id,
  idList,
  isoDate,
  latitude,
  longitude,
  pageParams,
  timeZone,
} from '../rules.ts';
import { endpoint, namedRef, optional, recordFilters } from './define.ts';

export const FenceLimits = {
  radiusMin: 10,
  radiusMax: 100_000,
  pointsMin: 3,
  pointsMax: 50,
  /** The fences drawn beside the one being drawn: a company's newest this many. */
  shapesMax: 50,
  /**
   * Fences one company keeps: every position is judged against each of them, so a batch of positions
   * against thousands would write thousands of alarms. The message `fenceMax` names the number.
   */
  perCompanyMax: 200,
} as const;

export const latLng = once(() => z.object({ lat: z.number(), lng: z.number() }));
export type LatLng = z.infer<ReturnType<typeof latLng>>;

const pairOf = (text: string) => {
  const parts = text.split(',');
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) return null;
  const lat = latitude().safeParse(parts[0].trim());
  const lng = longitude().safeParse(parts[1].trim());
  return lat.success && lng.success ? { lat: lat.data, lng: lng.data } : null;
};

/** A circle's centre as 'lat,lng' (degrees). */
const centre = once(() =>
  z.string({ error: 'fenceShape' }).transform((text, ctx) => {
    const pair = pairOf(text);
    if (!pair) ctx.addIssue({ code: 'custom', message: 'fenceShape' });
    return pair ?? z.NEVER;
  }),
);

/** A polygon's vertices as 'lat,lng;lat,lng;…', 3 to 50 of them, in drawing order, not closed. */
const vertices = once(() =>
  z.string({ error: 'fenceShape' }).transform((text, ctx) => {
    const pairs = text
      .split(';')
      .filter((p) => p.trim() !== '')
      .map(pairOf);
    const { pointsMin, pointsMax } = FenceLimits;
    if (pairs.length < pointsMin || pairs.length > pointsMax || pairs.some((p) => p === null)) {
      ctx.addIssue({ code: 'custom', message: 'fenceShape' });
      return z.NEVER;
    }
    return pairs as LatLng[];
  }),
);

const flag = once(() =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { error: 'invalidParams' })
    .transform((v) => v === true || v === '1' || v === 'true'),
);

/** Trigger mode: 0 enter alarm, 1 leave alarm, 2 no-exit, 3 no-entry (FenceTrigger). */
export const fenceTrigger = once(() =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    digits('fenceTrigger').pipe(z.number().int('fenceTrigger').min(0, 'fenceTrigger').max(3, 'fenceTrigger')),
  ),
);

const fenceFields = once(() =>
  z.object({
    orgId: optional(id()),
    name: fenceName(),
    shape: z.enum(['circle', 'polygon'], { error: 'fenceShape' }),
    center: optional(centre()),
    radius: optional(
      decimal('fenceRadius').pipe(
        z.number().min(FenceLimits.radiusMin, 'fenceRadius').max(FenceLimits.radiusMax, 'fenceRadius'),
      ),
    ),
    points: optional(vertices()),
    trigger: fenceTrigger(),
    windowStart: optional(clockTime()),
    windowEnd: optional(clockTime()),
    permanent: optional(flag()),
    dateStart: optional(isoDate()),
    dateEnd: optional(isoDate()),
    timeZone: optional(timeZone()),
  }),
);

type FenceFields = z.output<ReturnType<typeof fenceFields>>;
const checkFence = (v: FenceFields, ctx: z.RefinementCtx) => {
  if (v.shape === 'circle' && !v.center)
    ctx.addIssue({ code: 'custom', message: 'fenceShape', path: ['center'] });
  if (v.shape === 'circle' && v.radius === undefined)
    ctx.addIssue({ code: 'custom', message: 'fenceRadius', path: ['radius'] });
  if (v.shape === 'polygon' && !v.points)
    ctx.addIssue({ code: 'custom', message: 'fenceShape', path: ['points'] });
  if (v.permanent === false && !(v.dateStart && v.dateEnd && v.dateStart <= v.dateEnd))
    ctx.addIssue({ code: 'custom', message: 'fenceDates', path: ['dateEnd'] });
};

export const fenceSummary = once(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    org_id: z.number(),
    org_name: z.string(),
    shape: z.enum(['circle', 'polygon']),
    trigger: z.number(),
    /** Daily valid period, HH:MM to HH:MM inclusive, in time_zone; an end before the start runs past midnight. */
    window_start: z.string(),
    window_end: z.string(),
    time_zone: z.string(),
    permanent: z.boolean(),
    date_start: z.string().nullable(),
    date_end: z.string().nullable(),
    keeper: namedRef(),
    member_count: z.number(),
    created_at: z.string(),
  }),
);

/** A circle has center and radius (metres); a polygon has points. */
export const fenceDetail = once(() =>
  fenceSummary().extend({
    center: latLng().nullable(),
    radius: z.number().nullable(),
    points: z.array(latLng()),
  }),
);

/** A fence as a map draws it beside another: its name and geometry. */
export const fenceShape = once(() =>
  fenceDetail().pick({ id: true, name: true, shape: true, center: true, radius: true, points: true }),
);

/** kind: the trigger mode that raised the alarm (0 entered, 1 left, 2 outside a no-exit fence, 3 inside a no-entry fence). */
export const fenceRecord = once(() =>
  z.object({
    id: z.number(),
    fence_id: z.number().nullable(),
    fence_name: z.string(),
    org_id: z.number(),
    /** The company's name: an agent's records span all its companies. */
    org_name: z.string(),
    terminal_id: z.number(),
    terminal_name: z.string(),
    ssid: z.string(),
    kind: z.number(),
    lat: z.number(),
    lng: z.number(),
    at: z.string(),
  }),
);

const members = once(() => z.object({ id: id(), terminalIds: idList('selectUser') }));

/** Electronic fences (SPEC §2 /fence*): companies manage their own, agents those of their companies. */
export const fence = {
  list: endpoint({
    method: 'GET',
    path: '/v1/fence/list',
    access: 'any',
    summary: 'Fences in scope, newest first; filter by company; keyword on name',
    params: () =>
      pageParams().extend({ orgId: optional(id()), keyword: z.string().trim().max(30).optional() }),
    data: () => pageOf(fenceSummary()),
  }),
  shapes: endpoint({
    method: 'GET',
    path: '/v1/fence/shapes',
    access: 'any',
    summary:
      `The newest ${FenceLimits.shapesMax} fences of a company with their geometry, to draw beside a new ` +
      'one, and how many it has (total); a company reads its own, an agent names a company of its scope ' +
      '(orgId)',
    params: () => z.object({ orgId: optional(id()) }),
    data: () => z.object({ list: z.array(fenceShape()), total: z.number() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/fence/detail',
    access: 'any',
    summary: 'One fence in scope with its geometry',
    params: () => z.object({ id: id() }),
    data: fenceDetail,
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/fence/add',
    access: 'any',
    audit: { target: 'fence' },
    summary:
      'Create a fence: shape circle (center "lat,lng", radius 10–100000 m) or polygon (points ' +
      '"lat,lng;lat,lng;…", 3–50, not crossing itself); trigger 0–3; daily period windowStart–windowEnd ' +
      '(HH:MM, default 00:00–23:59); permanent (default 1) or dateStart–dateEnd; timeZone of period and ' +
      'dates (default the server zone). Agents name the company (orgId). Names are unique per company.',
    params: () => fenceFields().superRefine(checkFence),
    data: () => z.object({ id: z.number() }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/fence/update',
    access: 'any',
    audit: { target: 'fence' },
    summary:
      'Replace a fence’s name, geometry, trigger, period and dates (same parameters as add; the company ' +
      'does not change). Terminals start afresh: the next position of each decides inside or outside.',
    params: () => fenceFields().extend({ id: id() }).superRefine(checkFence),
    data: () => z.null(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/v1/fence/delete',
    access: 'any',
    audit: { target: 'fence' },
    summary: 'Delete a fence; its records stay with the fence name',
    params: () => z.object({ id: id() }),
    data: () => z.null(),
  }),
  setKeeper: endpoint({
    method: 'POST',
    path: '/v1/fence/setKeeper',
    access: 'any',
    audit: { target: 'fence' },
    summary:
      'Choose the keeper (administrator) of a fence among its company’s terminals; terminalId 0 clears it',
    params: () => z.object({ id: id(), terminalId: digits('invalidParams').pipe(z.number().int().min(0)) }),
    data: () => z.null(),
  }),
  members: endpoint({
    method: 'GET',
    path: '/v1/fence/members',
    access: 'any',
    summary: 'Terminals a fence monitors',
    params: () => pageParams().extend({ id: id() }),
    data: () =>
      pageOf(
        z.object({ terminal_id: z.number(), ssid: z.string(), name: z.string(), is_keeper: z.boolean() }),
      ),
  }),
  unMembers: endpoint({
    method: 'GET',
    path: '/v1/fence/unMembers',
    access: 'any',
    summary:
      'Terminals of the fence’s company it does not monitor yet; keyword on SSID or name; watched: the ' +
      'terminal’s Location and Fence functions are active (without them it raises no fence alarm)',
    params: () => pageParams().extend({ id: id(), keyword: z.string().trim().max(30).optional() }),
    data: () =>
      pageOf(z.object({ id: z.number(), ssid: z.string(), name: z.string(), watched: z.boolean() })),
  }),
  addMembers: endpoint({
    method: 'POST',
    path: '/v1/fence/addMembers',
    access: 'any',
    audit: { target: 'fence' },
    summary: 'Let a fence monitor terminals of its company',
    params: members,
    data: () => z.object({ added: z.number() }),
  }),
  removeMembers: endpoint({
    method: 'POST',
    path: '/v1/fence/removeMembers',
    access: 'any',
    audit: { target: 'fence' },
    summary: 'Stop a fence monitoring terminals',
    params: members,
    data: () => z.object({ removed: z.number() }),
  }),
  records: endpoint({
    method: 'GET',
    path: '/v1/fence/records',
    access: 'any',
    summary:
      'Fence alarm records in scope, newest first; filter by company, fence, terminal, kind (0–3) and a date ' +
      'range (start, end: YYYY-MM-DD, end included, at most 90 days, in timeZone or the server zone)',
    params: () =>
      recordFilters()
        .extend({ fenceId: optional(id()), kind: optional(fenceTrigger()) })
        .superRefine(checkOptionalDateRange),
    data: () => pageOf(fenceRecord()),
  }),
};
