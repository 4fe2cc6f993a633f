import Badge from 'antd-mobile/es/components/badge';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import {
  AddOutline,
  EnvironmentOutline,
  ExclamationShieldOutline,
  SoundOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../lib/format.ts';
import { useFastStats } from '../profile/use-fast-stats.ts';
import { useOrgInfo } from '../profile/use-org-info.ts';
import { useUntreatedSosCount } from '../sos/use-untreated-sos-count.ts';
import { HomeHeader } from './home-header.tsx';
import { LinkRows, type Row } from './link-rows.tsx';
import { LinkTiles } from './link-tiles.tsx';
import { usePullTexts } from './pull-texts.ts';

const SosBadge = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="row__badge" data-testid="sos-badge">
      <Badge content={badgeText(count)} aria-hidden />
      <span className="visually-hidden">{t('home.sosUnprocessed', { count })}</span>
    </span>
  );
};

/** Home of a company (role 1), SPEC §2: no tab bar; the unprocessed SOS count refreshes every 3 s. */
export const OrgHome = () => {
  const { t } = useTranslation();
  const org = useOrgInfo();
  const stats = useFastStats();
  const sos = useUntreatedSosCount();
  const pullTexts = usePullTexts();

  const count = (value: number | undefined) => (stats.data ? (value ?? 0) : null);
  const rows: Row[] = [
    {
      to: '/groupList',
      label: t('home.groupCount'),
      icon: <TeamOutline />,
      testId: 'count-group',
      count: count(stats.data?.group_count),
    },
    {
      to: '/userList',
      label: t('home.userCount'),
      icon: <UserOutline />,
      testId: 'count-user',
      count: count(stats.data?.user_count),
    },
    { to: '/fencelist', label: t('home.fence'), icon: <EnvironmentOutline />, testId: 'row-fence' },
    { to: '/recordingList', label: t('home.recording'), icon: <SoundOutline />, testId: 'row-recording' },
    {
      to: '/sosrdingList',
      label: t('home.sos'),
      icon: <ExclamationShieldOutline />,
      testId: 'row-sos',
      extra: <SosBadge count={sos.data ?? 0} />,
    },
    {
      to: '/fencerecord',
      label: t('home.fenceRecord'),
      icon: <UnorderedListOutline />,
      testId: 'row-fence-record',
    },
  ];

  const refresh = () => Promise.all([org.refetch(), stats.refetch(), sos.refetch()]).then(() => undefined);

  return (
    <div className="home" data-testid="home-org">
      <PullToRefresh onRefresh={refresh} {...pullTexts}>
        <HomeHeader
          title={t('app.orgTitle')}
          searchPlaceholder={t('home.searchOrg')}
          name={org.data?.corg_name}
          contact={org.data?.contact}
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
          <LinkRows title={t('home.overview')} rows={rows} />
        </main>
      </PullToRefresh>
    </div>
  );
};
