import { api, type DataOf, Limits, SosStatus } from '@ptt/contract';
import { useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sosReads } from '../../api/changes.ts';
import { ApiError } from '../../api/client.ts';
import { invalidateEndpoints, useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointPages } from '../../api/use-endpoint-query.ts';
import { ChoiceChips } from '../../components/choice-chips.tsx';
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
type SosPage = DataOf<typeof api.sos.list>;

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
  const [sheet, setSheet] = useState(false);
  const params = filters.find((f) => f.key === filter)?.params ?? {};
  const listParams = { ...params, ...range.filter };
  // The list's own pages (same call, same cache entry): the unprocessed ones shown can be chosen at once.
  const pages = useEndpointPages(api.sos.list, listParams).data?.pages as SosPage[] | undefined;
  const open = (pages ?? []).flatMap((p) => p.list).filter((r) => r.status === SosStatus.unprocessed);
  const allPicked = open.length > 0 && open.every((r) => picked.has(r.id));
  const pickAll = () => {
    if (allPicked) return setPicked(new Set());
    if (open.length > Limits.sosBatchMax) showToast(t('msg.sosBatchMax'));
    setPicked(new Set(open.slice(0, Limits.sosBatchMax).map((r) => r.id)));
  };
  const leave = () => {
    setSelecting(!selecting);
    setPicked(new Set());
    setSheet(false);
  };

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
      setSheet(false);
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
        right={<ExportMenu endpoint={api.sos.export} params={listParams} name="sos" />}
      />
      <section className="section">
        <ChoiceChips
          legend={t('sos.status')}
          choices={filters.map((f) => f.key)}
          value={filter}
          onChange={setFilter}
          label={(key) => t(`sos.${key}`)}
          testId={(key) => `sos-status-${key}`}
        />
        <DateRangeFields range={range} idPrefix="sos-range" />
        {/* An action, not a filter: a button, not a chip. */}
        <div className="sos-toolbar">
          <button type="button" className="btn btn--small" data-testid="sos-select" onClick={leave}>
            {selecting ? t('sos.selectDone') : t('sos.select')}
          </button>
        </div>
      </section>
      <PagedList
        endpoint={api.sos.list}
        params={listParams}
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
        // One line and a button: the rows stay in sight on a small phone; the remark asks in a sheet.
        <div className="sticky-footer sos-batch" data-testid="sos-batch">
          <div className="sos-batch__line">
            <span className="sos-batch__count" aria-live="polite">
              {t('sos.selected', { count: picked.size })}
            </span>
            <button
              type="button"
              className="btn btn--small"
              data-testid="sos-select-all"
              disabled={open.length === 0}
              onClick={pickAll}
            >
              {allPicked ? t('sos.selectNone') : t('sos.selectAllOpen')}
            </button>
          </div>
          <button
            type="button"
            className="btn btn--primary btn--block"
            data-testid="sos-batch-open"
            disabled={picked.size === 0}
            onClick={() => setSheet(true)}
          >
            {picked.size === 0 ? t('sos.chooseToProcess') : t('sos.processSelected', { count: picked.size })}
          </button>
        </div>
      )}
      <Popup
        visible={selecting && sheet}
        onMaskClick={() => setSheet(false)}
        onClose={() => setSheet(false)}
        showCloseButton
        bodyClassName="sos-batch-sheet"
      >
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
      </Popup>
    </div>
  );
};
