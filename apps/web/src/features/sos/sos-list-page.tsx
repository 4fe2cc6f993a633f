import { api, Limits, SosStatus } from '@ptt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sosReads } from '../../api/changes.ts';
import { ApiError } from '../../api/client.ts';
import { invalidateEndpoints, useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import { ProcessForm, type Processing } from './process-form.tsx';
import { SosRow } from './sos-row.tsx';
import './sos.css';

const filters = [
  { key: 'all', params: {} },
  { key: 'unprocessed', params: { status: SosStatus.unprocessed } },
  { key: 'processed', params: { status: SosStatus.processed } },
  { key: 'falseAlarms', params: { falseAlarm: 1 } },
] as const;
type FilterKey = (typeof filters)[number]['key'];

/**
 * /sosrdingList: the SOS records of the scope, unprocessed first, filtered by state and days; several
 * unprocessed ones are chosen and processed together with one remark and one confirmation.
 */
export const Component = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<FilterKey>('all');
  const range = useDateRange();
  const [selecting, setSelecting] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const processBatch = useEndpointMutation(api.sos.processBatch, { invalidates: sosReads });
  const params = filters.find((f) => f.key === filter)?.params ?? {};

  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size < Limits.sosBatchMax) next.add(id);
      else showToast(t('msg.sosBatchMax'));
      return next;
    });

  const processAll = async (p: Processing) => {
    if (picked.size === 0) {
      showToast(t('msg.selectSos'));
      return;
    }
    try {
      const res = await processBatch.mutateAsync({ ids: [...picked].join(','), ...p });
      showToast(t('sos.batchDone', { count: res.processed }));
      setPicked(new Set());
      setSelecting(false);
    } catch (error) {
      // Someone processed some of them meanwhile: the client has said so; they leave the selection and the
      // list shows them processed.
      const done = error instanceof ApiError ? (error.data as { ids?: number[] } | null)?.ids : undefined;
      if (done) {
        setPicked((prev) => new Set([...prev].filter((id) => !done.includes(id))));
        await invalidateEndpoints(client, sosReads);
      }
      throw error;
    }
  };

  return (
    <div className="page" data-testid="sos-list">
      <PageHeader
        title={t('sos.title')}
        right={<ExportMenu endpoint={api.sos.export} params={{ ...params, ...range.filter }} name="sos" />}
      />
      <section className="section">
        <fieldset className="chips">
          <legend className="visually-hidden">{t('sos.status')}</legend>
          {filters.map((f) => (
            <button
              key={f.key}
              type="button"
              className="chip"
              aria-pressed={filter === f.key}
              data-testid={`sos-status-${f.key}`}
              onClick={() => setFilter(f.key)}
            >
              {t(`sos.${f.key}`)}
            </button>
          ))}
          <button
            type="button"
            className="chip"
            aria-pressed={selecting}
            data-testid="sos-select"
            onClick={() => {
              setSelecting(!selecting);
              setPicked(new Set());
            }}
          >
            {selecting ? t('sos.selectDone') : t('sos.select')}
          </button>
        </fieldset>
        <DateRangeFields range={range} idPrefix="sos-range" />
      </section>
      <PagedList
        endpoint={api.sos.list}
        params={{ ...params, ...range.filter }}
        empty={t('sos.empty')}
        testId="sos-records"
        rowKey={(r) => r.id}
        item={(r) => (
          <SosRow
            record={r}
            selecting={selecting}
            selected={picked.has(r.id)}
            onToggle={() => toggle(r.id)}
          />
        )}
      />
      {selecting && (
        <div className="sticky-footer sos-batch" data-testid="sos-batch">
          <p className="sos-batch__count" aria-live="polite">
            {t('sos.selected', { count: picked.size })}
          </p>
          <ProcessForm
            id="sos-batch"
            rows={2}
            submit={t('sos.processSelected', { count: picked.size })}
            disabled={picked.size === 0}
            question={(p) =>
              t(p.falseAlarm ? 'sos.confirmBatchFalseAlarm' : 'sos.confirmBatch', { count: picked.size })
            }
            onProcess={processAll}
          />
        </div>
      )}
    </div>
  );
};
