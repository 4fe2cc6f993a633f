import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { checkOptionalDateRange, id } from '../rules.ts';
import { endpoint, optional, recordFilters } from './define.ts';

/** One talk burst: who spoke in which group, when and for how long (seconds), and the audio's type and size. */
export const recordingItem = once(() =>
  z.object({
    id: z.number(),
    org_id: z.number(),
    org_name: z.string(),
    terminal_id: z.number(),
    terminal_name: z.string(),
    ssid: z.string(),
    group_id: z.number().nullable(),
    group_name: z.string(),
    started_at: z.string(),
    duration: z.number(),
    content_type: z.string(),
    size: z.number(),
  }),
);

const audio = once(() =>
  z.never().describe('audio bytes (Content-Type of the recording); failures answer the envelope'),
);

export const recording = {
  list: endpoint({
    method: 'GET',
    path: '/v1/recording/list',
    access: 'any',
    summary:
      'Recordings in scope, newest first; filter by company, group, terminal and a date range (start, end: ' +
      'YYYY-MM-DD, end included, at most 90 days, in timeZone or the server zone)',
    params: () =>
      recordFilters()
        .extend({ groupId: optional(id()) })
        .superRefine(checkOptionalDateRange),
    data: () => pageOf(recordingItem()),
  }),
  play: endpoint({
    method: 'GET',
    path: '/v1/recording/play',
    access: 'any',
    summary:
      'The audio of a recording in scope, inline, for an <audio> element (session in the query); honours ' +
      'a Range header with 206 Partial Content',
    params: () => z.object({ id: id() }),
    data: audio,
  }),
  download: endpoint({
    method: 'GET',
    path: '/v1/recording/download',
    access: 'any',
    summary: 'The audio of a recording in scope as an attachment named after the terminal and start time',
    params: () => z.object({ id: id() }),
    data: audio,
  }),
};
