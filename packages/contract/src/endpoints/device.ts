import { z } from 'zod';
import { ServiceToggles } from '../enums.ts';
import { once } from '../lazy.ts';
import { decimal, groupName, id, idList, latitude, longitude, ssid } from '../rules.ts';
import { endpoint } from './define.ts';
import { fenceDetail } from './fence.ts';

/** groupMembersMax: the members a terminal names for a group it creates (itself comes on top). */
export const DeviceLimits = {
  batchMax: 100,
  recordingMaxSeconds: 600,
  groupMembersMax: 50,
  /** Groups one terminal may have made and own at once. */
  ownedGroupsMax: 10,
} as const;

/** Issued by /device/v1/login; every other device call sends it in the query. */
const deviceToken = once(() => z.string().describe('the token from /device/v1/login'));

/** An instant as ISO 8601 with an offset, or as milliseconds since 1970 (what a tracker's clock gives). */
export const deviceTime = once(() =>
  z
    .union([z.number(), z.string().regex(/^\d{10,14}$/), z.iso.datetime({ offset: true })], {
      error: 'invalidParams',
    })
    .transform((v) => new Date(typeof v === 'number' || /^\d+$/.test(v) ? Number(v) : Date.parse(v)))
    .refine((d) => !Number.isNaN(d.getTime()), 'invalidParams'),
);

const num = (min: number, max: number) =>
  decimal().pipe(z.number().min(min, 'invalidParams').max(max, 'invalidParams'));

/** A GPS fix: degrees, the terminal's time, speed in km/h and horizontal accuracy in metres (both optional). */
export const devicePosition = once(() =>
  z.object({
    lat: latitude(),
    lng: longitude(),
    time: deviceTime(),
    speed: num(0, 1000).optional(),
    accuracy: num(0, 100_000).optional(),
  }),
);

export const deviceLogin = once(() =>
  z.object({
    device_token: z.string(),
    expires_in: z.number(),
    terminal: z.object({ id: z.number(), ssid: z.string(), name: z.string(), org_id: z.number() }),
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    default_group_id: z.number().nullable(),
    /**
     * The company's services as the radio applies them (docs/architecture.md, "What a radio is told"):
     * each of the company's toggles, 1 on and 0 off.
     */
    services: z.record(z.enum(ServiceToggles), z.union([z.literal(0), z.literal(1)])),
    /** The terminal's functions active today (activated and not expired), by card key. */
    functions: z.array(z.string()),
  }),
);

/** The device API that terminals (and tools/simulator) speak; a device session, not a user session. */
export const device = {
  login: endpoint({
    method: 'POST',
    path: '/device/v1/login',
    access: 'public',
    summary:
      'A terminal signs in with its SSID and intercom password and gets a device token (throttled per SSID ' +
      'and per address); a new intercom password or SSID ends its tokens',
    params: () =>
      z.object({
        ssid: ssid(),
        password: z
          .string({ error: 'deviceLoginFailed' })
          .min(1, 'deviceLoginFailed')
          .max(30, 'deviceLoginFailed'),
      }),
    data: deviceLogin,
  }),
  positions: endpoint({
    method: 'POST',
    path: '/device/v1/positions',
    access: 'public',
    summary:
      'Report one position (lat, lng, time, speed, accuracy in the query) or a batch of up to 100 (JSON ' +
      'body { positions: [...] }); times more than 5 minutes ahead or 30 days old are skipped. Every ' +
      'position is checked against the terminal’s fences. Without an active Location function: 40302 ' +
      '(data { function: "location" }).',
    params: () =>
      z
        .object({
          device_token: deviceToken(),
          positions: z.array(devicePosition()).min(1).max(DeviceLimits.batchMax).optional(),
          lat: latitude().optional(),
          lng: longitude().optional(),
          time: deviceTime().optional(),
          speed: num(0, 1000).optional(),
          accuracy: num(0, 100_000).optional(),
        })
        .transform((v, ctx) => {
          if (v.positions) return { positions: v.positions };
          if (v.lat === undefined || v.lng === undefined || v.time === undefined) {
            ctx.addIssue({ code: 'custom', message: 'invalidParams', path: ['positions'] });
            return z.NEVER;
          }
          const { lat, lng, time, speed, accuracy } = v;
          return { positions: [{ lat, lng, time, speed, accuracy }] };
        }),
    data: () => z.object({ accepted: z.number(), skipped: z.number(), alarms: z.number() }),
  }),
  sos: endpoint({
    method: 'POST',
    path: '/device/v1/sos',
    access: 'public',
    summary:
      'Raise an SOS, with the position when the terminal has one (also kept as a position); 6 a minute. ' +
      'A terminal whose SOS function is not active is refused with 40302 (data { function: "sos" })',
    params: () =>
      z.object({
        device_token: deviceToken(),
        lat: latitude().optional(),
        lng: longitude().optional(),
        time: deviceTime().optional(),
      }),
    data: () => z.object({ id: z.number() }),
  }),
  recording: endpoint({
    method: 'POST',
    path: '/device/v1/recording',
    access: 'public',
    summary:
      'Upload the audio of a talk burst: groupId, start (time) and duration (seconds, up to 600) in the ' +
      'query; the audio as the body (audio/* or application/octet-stream) or as the multipart field "file". ' +
      'WAV, Ogg, WebM, MP3, AAC, M4A or AMR, recognised by content, up to the configured size. A terminal ' +
      'whose Recording function is not active is refused with 40302 (data { function: "recording" }).',
    params: () =>
      z.object({
        device_token: deviceToken(),
        groupId: id(),
        start: deviceTime(),
        duration: num(0.1, DeviceLimits.recordingMaxSeconds),
      }),
    data: () => z.object({ id: z.number() }),
  }),
  fences: endpoint({
    method: 'GET',
    path: '/device/v1/fences',
    access: 'public',
    summary: 'The fences that monitor this terminal, with their geometry, so a terminal can show them',
    params: () => z.object({ device_token: deviceToken() }),
    data: () =>
      z.array(
        fenceDetail().pick({
          id: true,
          name: true,
          shape: true,
          trigger: true,
          center: true,
          radius: true,
          points: true,
          window_start: true,
          window_end: true,
          time_zone: true,
          permanent: true,
          date_start: true,
          date_end: true,
        }),
      ),
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: '/device/v1/heartbeat',
    access: 'public',
    summary:
      'Tells the server the terminal is on when it has nothing else to send; any device call does the same. ' +
      'A terminal silent for PRESENCE_TIMEOUT_SECONDS goes offline.',
    params: () => z.object({ device_token: deviceToken() }),
    data: () => z.object({ online: z.literal(1) }),
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/device/v1/groups',
    access: 'public',
    summary:
      'The terminal creates a temporary group of its own company (it is the owner and a member) with up to ' +
      '50 other terminals of that company; removing the owner from it, moving the owner to another company ' +
      'or deleting the owner deletes the group',
    params: () =>
      z.object({
        device_token: deviceToken(),
        name: groupName(),
        terminalIds: z.preprocess(
          (v) => (v === '' ? undefined : v),
          idList('selectUser', DeviceLimits.groupMembersMax).optional(),
        ),
      }),
    data: () => z.object({ id: z.number(), name: z.string() }),
  }),
  dismissGroup: endpoint({
    method: 'POST',
    path: '/device/v1/groups/dismiss',
    access: 'public',
    summary: 'The owner dismisses a group it created; any other group answers 40401',
    params: () => z.object({ device_token: deviceToken(), id: id() }),
    data: () => z.null(),
  }),
};
