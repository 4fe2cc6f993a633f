import { api, isSubAgentPath } from '@ptt/contract';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { AddOutline, AppstoreOutline, RightOutline, UserAddOutline } from 'antd-mobile-icons';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useFastStats } from '../../api/queries/use-fast-stats.ts';
import { useRunway } from '../../api/queries/use-runway.ts';
import type { AgentInfo } from '../../api/types.ts';
import { useRefetchEndpoints } from '../../api/use-endpoint-query.ts';
import { useProductTitle } from '../../components/use-product-title.ts';
import { FirstBulletin } from './bulletin-bar.tsx';
import { CardStrip } from './card-strip.tsx';
import { HomeHeader } from './home-header.tsx';
import { HomeTabBar } from './home-tab-bar.tsx';
import { LinkRows, type Row } from './link-rows.tsx';
import { LinkTiles, type Tile } from './link-tiles.tsx';
import { usePullTexts } from './pull-texts.ts';
import { countOf, memberRows, watchRows } from './scope-rows.tsx';
import { SectionHead } from './section-head.tsx';
import { stripCards } from './strip-cards.ts';

// Each part of the home reads its own call, so that an answer re-renders its part alone, and takes the
// answer as a deferred value: TanStack Query renders an answer at once, in one task, and the render that
// turns a part's skeleton into its content is the long one; deferred, React renders it in slices.

/** The card balances, once the agent and its card switches are in. */
const Balances = ({ info }: { info: AgentInfo | undefined }) => {
  const { t } = useTranslation();
  const switches = useDeferredValue(useCardSwitch().data);
  const runway = useDeferredValue(useRunway().data);
  return (
    <section className="section" aria-labelledby="balances-title">
      <SectionHead id="balances-title" title={t('home.balances')} to="/cardThresholds" testId="to-thresholds">
        {t('renewal.strip.runway')}
        <RightOutline aria-hidden />
      </SectionHead>
      {info && switches ? (
        <CardStrip cards={stripCards(info, switches, runway?.list)} />
      ) : (
        <Skeleton animated className="card-strip__skeleton" />
      )}
    </section>
  );
};

/**
 * The quick-create tiles and the rows to the lists with their counts, once the agent is known (a
 * sub-agent cannot create or list agents). The counts are asked for at once, not after the agent.
 */
const Links = ({ info }: { info: AgentInfo | undefined }) => {
  const { t } = useTranslation();
  const stats = useDeferredValue(useFastStats().data);
  if (!info)
    return (
      <div className="section" aria-busy>
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  const subAgent = isSubAgentPath(info.path);
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
            count: countOf(stats, stats?.agent_count),
          },
        ]),
    {
      to: '/orgList',
      label: t('home.myOrg'),
      icon: <AppstoreOutline />,
      testId: 'count-org',
      count: countOf(stats, stats?.org_count),
    },
    ...memberRows(stats, { group: t('home.myGroup'), user: t('home.myUser') }),
    // The customers' SOS: a badge to know of them; their companies act on them.
    ...watchRows(t, t('home.customerSos')),
  ];
  return (
    <>
      <LinkTiles title={t('home.quickCreate')} tiles={tiles} />
      <LinkRows title={t('home.overview')} rows={rows} />
    </>
  );
};

/** Home of an agent (role 0), SPEC §2. A sub-agent (path longer than 4) cannot create or list agents. */
export const AgentHome = () => {
  const { t } = useTranslation();
  const title = useProductTitle();
  const info = useDeferredValue(useAgentInfo().data);
  const pullTexts = usePullTexts();
  const refresh = useRefetchEndpoints(
    api.profile.agent,
    api.agent.queryCardSwitch,
    api.profile.faststats,
    api.notice.newUnreadCount,
    api.terminal.expiringCounts,
    api.agent.runway,
  );
  const subAgent = info ? isSubAgentPath(info.path) : false;

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
          {info && <FirstBulletin agent={info} />}
          <Balances info={info} />
          <Links info={info} />
        </main>
      </PullToRefresh>
      <HomeTabBar subAgent={subAgent} agentId={info?.id} />
    </div>
  );
};
