import { feedback, jsp } from './account.ts';
import { agent } from './agent.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import type { Endpoint } from './define.ts';
import { device } from './device.ts';
import { events } from './events.ts';
import { fence } from './fence.ts';
import { group } from './group.ts';
import { intakeEndpoints } from './intake.ts';
import {
  fenceExports,
  groupExports,
  orgExports,
  recordingExports,
  sosExports,
  terminalExports,
} from './list-exports.ts';
import { location } from './location.ts';
import { notice } from './notice.ts';
import { org } from './org.ts';
import { profile } from './profile.ts';
import { push } from './push.ts';
import { recording } from './recording.ts';
import { askRenewalEndpoints, renewalEndpoints, runwayEndpoints } from './renewal.ts';
import { report } from './report.ts';
import { search } from './search.ts';
import { sos } from './sos.ts';
import { statementEndpoints, statementExports } from './statement.ts';
import { terminal } from './terminal.ts';

/** Every call of SPEC §7, grouped by domain. */
export const api = {
  ...{ auth, profile, notice, org, search, jsp, feedback },
  sos: { ...sos, ...sosExports },
  group: { ...group, ...groupExports },
  // The reseller's business (DESIGN §10): the expiry radar, bulk renewal, card runway, statements and list exports.
  agent: { ...agent, ...runwayEndpoints, ...statementEndpoints, ...statementExports, ...orgExports },
  terminal: {
    ...terminal,
    ...renewalEndpoints,
    ...askRenewalEndpoints,
    ...terminalExports,
    ...intakeEndpoints,
  },
  // Company safety (issue 5): fences, positions, recordings, and the device API terminals speak.
  fence: { ...fence, ...fenceExports },
  recording: { ...recording, ...recordingExports },
  ...{ location, device },
  // Live operations (DESIGN §9): the event stream.
  ...{ events },
  // Alarms on the phone: Web Push subscriptions of the installed app.
  push,
  // The reseller's business on record (DESIGN §10): reports with charts, who changed what.
  report,
  audit,
};

export const allEndpoints = (): Endpoint[] =>
  Object.values(api).flatMap((group) => Object.values(group as Record<string, Endpoint>));

export { type SmsPurpose, SmsPurposes, smsSent } from './account.ts';
export { agentDetail, agentSummary, cardSwitchParams, ledgerRecord, orgSummary } from './agent.ts';
export {
  AuditFilterKinds,
  type AuditTarget,
  AuditTargets,
  AuditTitles,
  auditRecord,
  type DeclaredTarget,
  isAudited,
} from './audit.ts';
export { type ActionTitle, AuditActions, actionTitle } from './audit-actions.ts';
export {
  AuditFields,
  AuditWords,
  type FieldKind,
  type FieldLabel,
  fieldLabel,
  HiddenAuditFields,
} from './audit-fields.ts';
export {
  type AuditReader,
  cardLines,
  type FieldLine,
  fieldLines,
  fieldValue,
  lineText,
} from './audit-read.ts';
export { appInfo, loginInfo, puzzle } from './auth.ts';
export * from './define.ts';
export { DeviceLimits, deviceLogin, devicePosition, deviceTime } from './device.ts';
export {
  isLiveEventType,
  type LiveEvent,
  type LiveEventDataOf,
  type LiveEventType,
  LiveEventTypes,
  liveEventData,
  parseLiveEvent,
} from './events.ts';
export {
  ColumnTitles,
  type ExportFormat,
  ExportFormats,
  ExportWords,
  exportOf,
  exportParams,
  type Title,
} from './export.ts';
export {
  FenceLimits,
  fenceDetail,
  fenceRecord,
  fenceShape,
  fenceSummary,
  fenceTrigger,
  type LatLng,
  latLng,
} from './fence.ts';
export { groupDetail, groupMember, groupSummary } from './group.ts';
export {
  IntakeLimits,
  type IntakeRowError,
  IntakeRowErrors,
  intakeCost,
  intakePreview,
  intakeRow,
} from './intake.ts';
export { fleetTerminal, PlaceLimits, place, TrackLimits, trackPoint } from './location.ts';
export { bulletin, noticeRecord, noticeUser } from './notice.ts';
export { orgDetail, server } from './org.ts';
export { agentInfo, cardSwitch, fastStats, orgInfo } from './profile.ts';
export { isPublicPushEndpoint } from './push.ts';
export { recordingItem } from './recording.ts';
export {
  dueFunction,
  type ExpiryWindow,
  ExpiryWindows,
  expiringTerminal,
  expiryFilter,
  RenewableFunctions,
  RenewalLimits,
  type RenewalOutcome,
  RenewalOutcomes,
  renewalCost,
  renewalPreview,
  renewalStep,
  renewalTerminal,
  runwayRow,
  windowDays,
  windowOfDays,
} from './renewal.ts';
export { agentReportMonth, orgReportWeek, ReportLimits, reportCards } from './report.ts';
export { appInfoRoute, IdempotencyHeader, isIdempotencyKey, type Route } from './route.ts';
export { addressLang, sosDetail, sosRecord } from './sos.ts';
export {
  isoMonth,
  monthSpan,
  StatementLimits,
  StatementTitles,
  statementMonth,
  statementRow,
} from './statement.ts';
export {
  type FunctionKey,
  functionExpiries,
  functionOfCard,
  serviceState,
  terminalDetail,
  terminalSummary,
} from './terminal.ts';
