import { api } from '@ptt/contract';
import Badge from 'antd-mobile/es/components/badge';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import {
  AddOutline,
  ClockCircleOutline,
  EnvironmentOutline,
  ExclamationShieldOutline,
  HistogramOutline,
  LocationOutline,
  SoundOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useUnseenFenceAlarms } from '../../api/live-alarms.ts';
import { useFastStats } from '../../api/queries/use-fast-stats.ts';
import { useOrgInfo } from '../../api/queries/use-org-info.ts';
import { useRefetchEndpoints } from '../../api/use-endpoint-query.ts';
import { badgeText } from '../../lib/format.ts';
import { ExpiringBadge } from './expiring-badge.tsx';
import { FenceAlarmFeed } from './fence-alarm-feed.tsx';
import { HomeHeader } from './home-header.tsx';
import { LinkRows, type Row } from './link-rows.tsx';
import { LinkTiles } from './link-tiles.tsx';
import { usePullTexts } from './pull-texts.ts';
import { SosBadge } from './sos-badge.tsx';

/** Fence alarms that arrived while the console was open and that the records list has not shown yet. */
const FenceAlarmBadge = () => {
  const { t } = useTranslation();
  const count = useUnseenFenceAlarms();
  if (count <= 0) return null;
  return (
    <span className="row__badge" data-testid="fence-alarm-badge">
      <Badge content={badgeText(count)} aria-hidden />
      <span className="visually-hidden">{t('fence.feedNew', { count })}</span>
    </span>
  );
};

/** The rows to the lists and records, with the counts of groups and users. */
const Overview = () => {
  const { t } = useTranslation();
  const { data: stats } = useFastStats();
  const count = (value: number | undefined) => (stats ? (value ?? 0) : null);
  const rows: Row[] = [
    {
      to: '/groupList',
      label: t('home.groupCount'),
      icon: <TeamOutline />,
      testId: 'count-group',
      count: count(stats?.group_count),
    },
    {
      to: '/userList',
      label: t('home.userCount'),
      icon: <UserOutline />,
      testId: 'count-user',
      count: count(stats?.user_count),
    },
    { to: '/fleetMap', label: t('fleet.title'), icon: <LocationOutline />, testId: 'row-fleet-map' },
    { to: '/fencelist', label: t('home.fence'), icon: <EnvironmentOutline />, testId: 'row-fence' },
    { to: '/recordingList', label: t('home.recording'), icon: <SoundOutline />, testId: 'row-recording' },
    {
      to: '/sosrdingList',
      label: t('home.sos'),
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
    {
      to: '/fencerecord',
      label: t('home.fenceRecord'),
      icon: <UnorderedListOutline />,
      testId: 'row-fence-record',
      extra: <FenceAlarmBadge />,
    },
  ];
  return <LinkRows title={t('home.overview')} rows={rows} />;
};

/** Home of a company (role 1), SPEC §2: no tab bar; the unprocessed SOS count refreshes every 3 s. */
export const OrgHome = () => {
  const { t } = useTranslation();
  const { data: org } = useOrgInfo();
  const pullTexts = usePullTexts();
  const refresh = useRefetchEndpoints(
    api.profile.org,
    api.profile.faststats,
    api.sos.untreatedSOSCount,
    api.fence.records,
    api.terminal.expiringCounts,
  );

  return (
    <div className="home" data-testid="home-org">
      <PullToRefresh onRefresh={refresh} {...pullTexts}>
        <HomeHeader
          title={t('app.orgTitle')}
          searchPlaceholder={t('home.searchOrg')}
          name={org?.corg_name}
          contact={org?.contact}
        />
        <main>
          <LinkTiles
            title={t('home.quickCreate')}
            tiles={[
              {
                to: '/groupAdd',
                label: t('home.createGroup'),
                icon: <AddOutline />,
                testId: 'tile-group-add',
              },
            ]}
          />
          <Overview />
          <FenceAlarmFeed />
        </main>
      </PullToRefresh>
    </div>
  );
};
