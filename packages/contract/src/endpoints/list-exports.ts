import { checkOptionalDateRange } from '../rules.ts';
import { agent } from './agent.ts';
import { exportOf } from './export.ts';
import { fence } from './fence.ts';
import { group } from './group.ts';
import { recording } from './recording.ts';
import { sos } from './sos.ts';
import { terminal } from './terminal.ts';

const file = 'as CSV (UTF-8 with BOM) or XLSX, streamed; times in timeZone (the server zone without one)';

/** The lists an agent or a company works with, exported with the same filters as on screen. */
export const terminalExports = {
  export: exportOf(terminal.list, '/v1/terminal/export', `Every user of the user list's filter ${file}`),
};
export const groupExports = {
  export: exportOf(group.list, '/v1/group/export', `Every group of the group list's filter ${file}`),
};
export const orgExports = {
  exportOrgs: exportOf(
    agent.orgs,
    '/v1/agent/exportOrgs',
    `Every company of the company list's filter ${file}`,
  ),
};
export const sosExports = {
  export: exportOf(
    sos.list,
    '/v1/sos/export',
    `Every SOS of the SOS list's filter ${file}`,
    checkOptionalDateRange,
  ),
};
export const fenceExports = {
  exportRecords: exportOf(
    fence.records,
    '/v1/fence/exportRecords',
    `Every fence alarm of the fence record's filter ${file}`,
    checkOptionalDateRange,
  ),
};
export const recordingExports = {
  export: exportOf(
    recording.list,
    '/v1/recording/export',
    `The metadata of every recording of the recording list's filter ${file}`,
    checkOptionalDateRange,
  ),
};
