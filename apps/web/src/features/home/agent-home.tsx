import { isSubAgentPath } from '@ptt/contract';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { AddOutline, AppstoreOutline, TeamOutline, UserAddOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useProductTitle } from '../../components/use-product-title.ts';
import { useCardSwitch } from '../agent/use-card-switch.ts';
import { useFirstBulletin } from '../notice/use-first-bulletin.ts';
import { useNewUnreadCount } from '../notice/use-new-unread-count.ts';
import { useAgentInfo } from '../profile/use-agent-info.ts';
import { useFastStats } from '../profile/use-fast-stats.ts';
import { BulletinBar } from './bulletin-bar.tsx';
import { CardStrip } from './card-strip.tsx';
import { HomeHeader } from './home-header.tsx';
import { HomeTabBar } from './home-tab-bar.tsx';
import { LinkRows, type Row } from './link-rows.tsx';
import { LinkTiles, type Tile } from './link-tiles.tsx';
import { usePullTexts } from './pull-texts.ts';
import { stripCards } from './strip-cards.ts';

/** Home of an agent (role 0), SPEC §2. A sub-agent (path longer than 4) cannot create or list agents. */
export const AgentHome = () => {
  const { t } = useTranslation();
  const title = useProductTitle();
  const agent = useAgentInfo();
  const switches = useCardSwitch();
  const stats = useFastStats();
  const unread = useNewUnreadCount(agent.data?.id);
  const bulletin = useFirstBulletin(agent.data);
  const pullTexts = usePullTexts();

  const info = agent.data;
  const subAgent = info ? isSubAgentPath(info.path) : false;
  const count = (value: number | undefined) => (stats.data ? (value ?? 0) : null);

  const tiles: Tile[] = [
    ...(subAgent
      ? []
      : [
          {
            to: '/agentAdd',
            label: t('home.createAgent'),
            icon: <UserAddOutline />,
            testId: 'tile-agent-add',
          },
        ]),
    { to: '/orgAdd', label: t('home.createOrg'), icon: <AppstoreOutline />, testId: 'tile-org-add' },
    { to: '/groupAdd', label: t('home.createGroup'), icon: <AddOutline />, testId: 'tile-group-add' },
  ];
  const rows: Row[] = [
    ...(subAgent
      ? []
      : [
          {
            to: '/agentList',
            label: t('home.myAgent'),
            icon: <UserAddOutline />,
            testId: 'count-agent',
            count: count(stats.data?.agent_count),
          },
        ]),
    {
      to: '/orgList',
      label: t('home.myOrg'),
      icon: <AppstoreOutline />,
      testId: 'count-org',
      count: count(stats.data?.org_count),
    },
    {
      to: '/groupList',
      label: t('home.myGroup'),
      icon: <TeamOutline />,
      testId: 'count-group',
      count: count(stats.data?.group_count),
    },
    {
      to: '/userList',
      label: t('home.myUser'),
      icon: <UserOutline />,
      testId: 'count-user',
      count: count(stats.data?.user_count),
    },
  ];

  const refresh = () =>
    Promise.all([agent.refetch(), switches.refetch(), stats.refetch(), unread.refetch()]).then(
      () => undefined,
    );

  return (
    <div className="home home--tabbed" data-testid="home-agent">
      <PullToRefresh onRefresh={refresh} {...pullTexts}>
        <HomeHeader
          title={title}
          searchPlaceholder={subAgent ? t('home.searchSubAgent') : t('home.searchAgent')}
          name={info?.name}
          contact={info?.contact}
        />
        <main>
          {bulletin.data && <BulletinBar bulletin={bulletin.data} />}
          <section className="section" aria-labelledby="balances-title">
            <h2 id="balances-title" className="section__title">
              {t('home.balances')}
            </h2>
            {info && switches.data ? (
              <CardStrip cards={stripCards(info, switches.data)} />
            ) : (
              <Skeleton animated className="card-strip__skeleton" />
            )}
          </section>
          {info ? (
            <>
              <LinkTiles title={t('home.quickCreate')} tiles={tiles} />
              <LinkRows title={t('home.overview')} rows={rows} />
            </>
          ) : (
            <div className="section" aria-busy>
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          )}
        </main>
      </PullToRefresh>
      <HomeTabBar subAgent={subAgent} unread={unread.data ?? 0} />
    </div>
  );
};
