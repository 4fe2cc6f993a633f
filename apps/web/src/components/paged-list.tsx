import type { DataOf, Endpoint, Page, ParamsOf } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointPages } from '../api/use-endpoint-query.ts';

interface Props<E extends Endpoint> {
  endpoint: E;
  params?: ParamsOf<E>;
  item: (row: DataOf<E> extends Page<infer T> ? T : never) => ReactNode;
  rowKey: (row: DataOf<E> extends Page<infer T> ? T : never) => string | number;
  empty: string;
  testId?: string;
}

/** A list screen's body: first page, infinite scroll, pull to refresh, loading and empty states. */
export function PagedList<E extends Endpoint>({ endpoint, params, item, rowKey, empty, testId }: Props<E>) {
  const { t } = useTranslation();
  const query = useEndpointPages(endpoint, params);
  const rows = (query.data?.pages.flatMap((p) => p.list) ?? []) as Parameters<Props<E>['item']>[0][];
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
        {query.isPending && <Skeleton.Paragraph lineCount={5} animated />}
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
