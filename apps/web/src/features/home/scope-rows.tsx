import {
  ClockCircleOutline,
  ExclamationShieldOutline,
  HistogramOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import type { useFastStats } from '../../api/queries/use-fast-stats.ts';
import { ExpiringBadge } from './expiring-badge.tsx';
import type { Row } from './link-rows.tsx';
import { SosBadge } from './sos-badge.tsx';

type Stats = ReturnType<typeof useFastStats>['data'];

/** A row's count from the scope's counts: null while they load. */
export const countOf = (stats: Stats, value: number | undefined) => (stats ? (value ?? 0) : null);

/** The rows to the groups and users of the caller's scope, with their counts. */
export const memberRows = (stats: Stats, labels: { group: string; user: string }): Row[] => [
  {
    to: '/groupList',
    label: labels.group,
    icon: <TeamOutline />,
    testId: 'count-group',
    count: countOf(stats, stats?.group_count),
  },
  {
    to: '/userList',
    label: labels.user,
    icon: <UserOutline />,
    testId: 'count-user',
    count: countOf(stats, stats?.user_count),
  },
];

/** The rows to what the caller watches over: the SOS of its scope, the users due for renewal, the reports. */
export const watchRows = (t: TFunction, sosLabel: string): Row[] => [
  {
    to: '/sosrdingList',
    label: sosLabel,
    icon: <ExclamationShieldOutline />,
    testId: 'row-sos',
    extra: <SosBadge />,
  },
  {
    to: '/expiring',
    label: t('renewal.homeRow'),
    icon: <ClockCircleOutline />,
    testId: 'row-expiring',
    extra: <ExpiringBadge />,
  },
  {
    to: '/reports',
    label: t('report.homeRow'),
    icon: <HistogramOutline />,
    testId: 'row-reports',
  },
];
