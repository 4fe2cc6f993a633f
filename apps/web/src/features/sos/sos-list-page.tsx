import { api, SosStatus } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SosRow } from './sos-row.tsx';
import './sos.css';

const statuses = [
  { key: 'all', value: undefined },
  { key: 'unprocessed', value: SosStatus.unprocessed },
  { key: 'processed', value: SosStatus.processed },
] as const;

/** /sosrdingList: the company's SOS records, unprocessed first, filtered by state and days. */
export const Component = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const range = useDateRange();
  return (
    <div className="page" data-testid="sos-list">
      <PageHeader title={t('sos.title')} />
      <section className="section">
        <fieldset className="chips">
          <legend className="visually-hidden">{t('sos.status')}</legend>
          {statuses.map((s) => (
            <button
              key={s.key}
              type="button"
              className="chip"
              aria-pressed={status === s.value}
              data-testid={`sos-status-${s.key}`}
              onClick={() => setStatus(s.value)}
            >
              {t(`sos.${s.key}`)}
            </button>
          ))}
        </fieldset>
        <DateRangeFields range={range} idPrefix="sos-range" />
      </section>
      <PagedList
        endpoint={api.sos.list}
        params={{ status, ...range.filter }}
        empty={t('sos.empty')}
        testId="sos-records"
        rowKey={(r) => r.id}
        item={(r) => <SosRow record={r} />}
      />
    </div>
  );
};
