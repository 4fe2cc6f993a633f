import type { UseQueryResult } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../api/network-state.ts';

/**
 * A report while it has no figures: loading, or failed (offline or not) with a retry. Figures already
 * shown stay while a newer answer loads or fails.
 */
export function ReportState({ query }: { query: UseQueryResult<unknown, Error> }) {
  const { t } = useTranslation();
  const offline = useOffline();
  if (query.data) return null;
  if (query.isPending && query.fetchStatus !== 'paused')
    return (
      <section className="section" data-testid="report-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  return (
    <ErrorBlock
      status={offline ? 'disconnected' : 'default'}
      title={t(offline ? 'list.offline' : 'list.failed')}
      description=""
      data-testid="report-error"
    >
      <button type="button" className="btn" onClick={() => void query.refetch()}>
        {t('list.retry')}
      </button>
    </ErrorBlock>
  );
}
