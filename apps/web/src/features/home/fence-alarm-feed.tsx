import { api } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { AlarmTrailLinks } from '../../components/alarm-trail-links.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { SectionHead } from './section-head.tsx';

const feedSize = 3;

/**
 * The company's newest fence alarms on its home: who crossed which fence and when, each with its
 * terminal's track and recordings. A fence alarm in scope refetches it (the live layer), so the feed is
 * live while the home is open.
 */
export const FenceAlarmFeed = () => {
  const { t, i18n } = useTranslation();
  const records = useEndpointQuery(api.fence.records, { size: feedSize });
  const list = records.data?.list ?? [];
  return (
    <section className="section fence-feed" aria-labelledby="fence-feed-title" data-testid="fence-feed">
      <SectionHead id="fence-feed-title" title={t('fence.feed')} to="/fencerecord" testId="fence-feed-all">
        {t('fence.alarm.records')}
      </SectionHead>
      {records.isPending && <Skeleton.Paragraph lineCount={2} animated />}
      {records.isSuccess && list.length === 0 && <p className="item-meta">{t('fence.noRecords')}</p>}
      <ul className="fence-feed__list">
        {list.map((r) => (
          <li key={r.id} className="fence-feed__item" data-testid="fence-feed-item" data-record-id={r.id}>
            <span className="fence-feed__what">
              <strong>{r.terminal_name}</strong> {t(`fence.kinds.${r.kind}` as 'fence.kinds.0')}
            </span>
            <span className="item-meta">
              {r.fence_name} · {formatDateTime(r.at, i18n.language)}
            </span>
            <span className="fence-feed__links">
              <AlarmTrailLinks terminalId={r.terminal_id} testIdPrefix="fence-feed" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
};
