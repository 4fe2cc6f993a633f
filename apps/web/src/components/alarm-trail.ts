import type { TFunction } from 'i18next';

/** Where a user went and what it said around a fence alarm: its track and its recordings. */
export const alarmTrail = (t: TFunction, terminalId: number, testIdPrefix: string) => [
  { to: `/locationTrack?id=${terminalId}`, label: t('fence.alarm.track'), testId: `${testIdPrefix}-track` },
  {
    to: `/recordingList?terminalId=${terminalId}`,
    label: t('fence.alarm.recordings'),
    testId: `${testIdPrefix}-recordings`,
  },
];
