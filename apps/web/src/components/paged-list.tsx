import type { DataOf, Endpoint, Page, ParamsOf } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../api/network-state.ts';
import { useEndpointPages } from '../api/use-endpoint-query.ts';

interface Props<E extends Endpoint> {
  endpoint: E;
  params?: ParamsOf<E>;
  item: (row: DataOf<E> extends Page<infer T> ? T : never) => ReactNode;
  rowKey: (row: DataOf<E> extends Page<infer T> ? T : never) => string | number;
  empty: string;
  testId?: string;
}

/**
 * A list screen's body: first page, infinite scroll, pull to refresh, and its loading, empty, offline and
 * failed states. A list that could not load says why instead of staying blank, and one that failed
 * offline loads again by itself once the network is back.
 */
export function PagedList<E extends Endpoint>({ endpoint, params, item, rowKey, empty, testId }: Props<E>) {
  const { t } = useTranslation();
  const query = useEndpointPages(endpoint, params);
  const offline = useOffline();
  const rows = (query.data?.pages.flatMap((p) => p.list) ?? []) as Parameters<Props<E>['item']>[0][];
  const { isError, refetch } = query;
  // Back online (the browser says so, or any call got an answer): a list that failed loads again.
  useEffect(() => {
    if (!offline && isError) void refetch();
  }, [offline, isError, refetch]);
  // TanStack pauses a call while the browser reports no network: nothing loads, and nothing failed yet.
  const paused = query.isPending && query.fetchStatus === 'paused';
  const unloaded = rows.length === 0 && (isError || paused);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      pullingText={t('pull.pulling')}
      canReleaseText={t('pull.canRelease')}
      refreshingText={t('pull.refreshing')}
      completeText={t('pull.complete')}
    >
      <div className="paged-list" data-testid={testId}>
        {query.isPending && !paused && <Skeleton.Paragraph lineCount={5} animated />}
        {unloaded && (offline || paused) && (
          <ErrorBlock
            status="disconnected"
            title={t('list.offline')}
            description={t('list.offlineHint')}
            data-testid="list-offline"
          />
        )}
        {unloaded && !offline && !paused && (
          <ErrorBlock status="default" title={t('list.failed')} description="" data-testid="list-failed">
            <button type="button" className="btn" onClick={() => void refetch()}>
              {t('list.retry')}
            </button>
          </ErrorBlock>
        )}
        {query.isSuccess && rows.length === 0 && <ErrorBlock status="empty" title={empty} description="" />}
        {rows.length > 0 && (
          <ul className="rows">
            {rows.map((row) => (
              <li key={rowKey(row)}>{item(row)}</li>
            ))}
          </ul>
        )}
        {query.isSuccess && rows.length > 0 && (
          <InfiniteScroll
            loadMore={async () => {
              await query.fetchNextPage();
            }}
            hasMore={query.hasNextPage}
          />
        )}
      </div>
    </PullToRefresh>
  );
}
