import { api } from '@ptt/contract';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import {
  AddOutline,
  EnvironmentOutline,
  LocationOutline,
  SoundOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useUnseenFenceAlarms } from '../../api/live-alarms.ts';
import { useFastStats } from '../../api/queries/use-fast-stats.ts';
import { useOrgInfo } from '../../api/queries/use-org-info.ts';
import { useRefetchEndpoints } from '../../api/use-endpoint-query.ts';
import { FenceAlarmFeed } from './fence-alarm-feed.tsx';
import { HomeHeader } from './home-header.tsx';
import { LinkRows, type Row } from './link-rows.tsx';
import { LinkTiles } from './link-tiles.tsx';
import { usePullTexts } from './pull-texts.ts';
import { RowBadge } from './row-badge.tsx';
import { memberRows, watchRows } from './scope-rows.tsx';

/** Fence alarms that arrived while the console was open and that the records list has not shown yet. */
const FenceAlarmBadge = () => {
  const { t } = useTranslation();
  const count = useUnseenFenceAlarms();
  return <RowBadge count={count} testId="fence-alarm-badge" text={t('fence.feedNew', { count })} />;
};

/** The rows to the lists and records, with the counts of groups and users. */
const Overview = () => {
  const { t } = useTranslation();
  const { data: stats } = useFastStats();
  const rows: Row[] = [
    ...memberRows(stats, { group: t('home.groupCount'), user: t('home.userCount') }),
    { to: '/fleetMap', label: t('fleet.title'), icon: <LocationOutline />, testId: 'row-fleet-map' },
    { to: '/fencelist', label: t('home.fence'), icon: <EnvironmentOutline />, testId: 'row-fence' },
    { to: '/recordingList', label: t('home.recording'), icon: <SoundOutline />, testId: 'row-recording' },
    ...watchRows(t, t('home.sos')),
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
