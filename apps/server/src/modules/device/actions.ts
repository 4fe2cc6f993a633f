import type { Readable } from 'node:stream';
import type { api, ParsedParamsOf } from '@ptt/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { Device } from '../../http/caller.ts';
import { functionInactive, invalid } from '../../http/errors.ts';
import type { Limit } from '../../lib/rate-limit.ts';
import * as throttle from '../../lib/rate-limit.ts';
import * as location from '../location/service.ts';
import * as sos from '../sos/service.ts';

/** A stuck button must not bury the company in alarms; six a minute is more than a person presses. */
const sosLimit = (terminalId: number): Limit => ({
  key: `device-sos:${terminalId}`,
  max: 6,
  windowSeconds: 60,
});

/**
 * Raises an SOS; a position that comes with it also joins the track and meets the fences. A terminal
 * whose SOS function is not active (no SOS card, or expired) raises none, as Location and Fence follow
 * their cards: the refusal names the function, so the radio can tell its user.
 */
export async function raiseSos(
  db: Db,
  config: Config,
  device: Device,
  p: ParsedParamsOf<typeof api.device.sos>,
) {
  if ((p.lat === undefined) !== (p.lng === undefined)) throw invalid('invalidParams', { field: 'lng' });
  if (!device.sos) throw functionInactive('sos');
  await throttle.take(db, sosLimit(device.terminalId));
  const row = await sos.raise(db, {
    orgId: device.orgId,
    agentPath: device.agentPath,
    terminalId: device.terminalId,
    lat: p.lat,
    lng: p.lng,
  });
  // The alarm always goes through; its position joins the track only where positions are kept.
  if (p.lat !== undefined && p.lng !== undefined && location.tracks(device)) {
    await location.report(db, config, device, [{ lat: p.lat, lng: p.lng, time: p.time ?? new Date() }]);
  }
  return { id: row.id };
}

/** The audio of an upload: the first file of a multipart body, or the raw body (audio/*, octet-stream). */
export async function audioBody(req: FastifyRequest) {
  if (req.isMultipart()) {
    // A multipart body that ends before its first file's headers do is not audio we can read.
    const part = await req.file().catch(() => undefined);
    if (!part) throw invalid('audioUnsupported');
    return part.file;
  }
  const body = req.body as { pipe?: unknown } | undefined;
  if (body && typeof body.pipe === 'function') return body as unknown as Readable;
  throw invalid('audioUnsupported');
}
