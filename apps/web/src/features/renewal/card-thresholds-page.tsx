import ErrorBlock from 'antd-mobile/es/components/error-block';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../api/network-state.ts';
import { useRunway } from '../../api/queries/use-runway.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ThresholdCard } from './threshold-card.tsx';
import './renewal.css';

/** /cardThresholds: the agent's card runway per enabled card type, and the low-balance threshold of each. */
export const Component = () => {
  const { t } = useTranslation();
  const runway = useRunway();
  const offline = useOffline();
  const rows = runway.data?.list;
  return (
    <div className="page" data-testid="card-thresholds">
      <PageHeader title={t('renewal.thresholds.title')} />
      <PullToRefresh
        onRefresh={async () => {
          await runway.refetch();
        }}
        pullingText={t('pull.pulling')}
        canReleaseText={t('pull.canRelease')}
        refreshingText={t('pull.refreshing')}
        completeText={t('pull.complete')}
      >
        <section className="section">
          <p className="item-meta">
            {t('renewal.thresholds.intro')} {t('renewal.thresholds.hint')}
          </p>
          {runway.isPending && runway.fetchStatus !== 'paused' && (
            <Skeleton.Paragraph lineCount={6} animated />
          )}
          {!rows && (runway.isError || runway.fetchStatus === 'paused') && (
            <ErrorBlock
              status={offline ? 'disconnected' : 'default'}
              title={t(offline ? 'list.offline' : 'list.failed')}
              description=""
            >
              <button type="button" className="btn" onClick={() => void runway.refetch()}>
                {t('list.retry')}
              </button>
            </ErrorBlock>
          )}
          {rows && rows.length === 0 && <p className="item-meta">{t('renewal.thresholds.empty')}</p>}
          {rows && rows.length > 0 && (
            <ul className="rows" data-testid="runway-list">
              {rows.map((row) => (
                // A saved threshold comes back in the answer: the form starts again from it.
                <ThresholdCard key={`${row.cardType}-${row.threshold}`} row={row} />
              ))}
            </ul>
          )}
        </section>
      </PullToRefresh>
    </div>
  );
};
