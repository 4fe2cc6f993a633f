import { api } from '@ptt/contract';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { markFenceAlarmsSeen, useUnseenFenceAlarms } from '../../api/live-alarms.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { AlarmTrailLinks } from '../../components/alarm-trail-links.tsx';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { Field } from '../../components/form/field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { RecordPosition } from './record-position.tsx';
import { kindName } from './trigger.ts';
import './fence.css';
import { getLoginInfo } from '../../lib/storage.ts';

/** /fencerecord[?id=]: fence alarms, newest first: when, which user, which fence, what happened and where. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  // An agent's records span its companies: each names its company.
  const agent = getLoginInfo()?.role === 0;
  const [search, setSearch] = useSearchParams();
  const fenceId = Number(search.get('id')) || undefined;
  const fences = useEndpointQuery(api.fence.list, { size: 100 }).data?.list ?? [];
  const range = useDateRange();
  const [open, setOpen] = useState<number | null>(null);
  // The list shows every alarm as it arrives (the live layer refetches it): none stays unseen here.
  const unseen = useUnseenFenceAlarms();
  useEffect(() => {
    if (unseen > 0) markFenceAlarmsSeen();
  }, [unseen]);
  return (
    <div className="page" data-testid="fence-records">
      <PageHeader
        title={t('fence.records')}
        right={
          <ExportMenu
            endpoint={api.fence.exportRecords}
            params={{ fenceId, ...range.filter }}
            name="fence-alarms"
          />
        }
      />
      <section className="section">
        <Field id="fence-records-fence" label={t('fence.fenceFilter')}>
          <select
            id="fence-records-fence"
            data-testid="fence-records-fence"
            value={fenceId ?? ''}
            onChange={(e) => setSearch(e.target.value ? { id: e.target.value } : {}, { replace: true })}
          >
            <option value="">{t('fence.allFences')}</option>
            {fences.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
            {fenceId && !fences.some((f) => f.id === fenceId) && <option value={fenceId}>…</option>}
          </select>
        </Field>
        <DateRangeFields range={range} idPrefix="fence-range" />
      </section>
      <PagedList
        endpoint={api.fence.records}
        params={{ fenceId, ...range.filter }}
        empty={t('fence.noRecords')}
        testId="fence-record-list"
        rowKey={(r) => r.id}
        item={(r) => (
          <div className="fence-record" data-testid="fence-record" data-kind={r.kind}>
            <button
              type="button"
              className="row fence-record__head"
              aria-expanded={open === r.id}
              aria-label={`${r.terminal_name} ${kindName(t, r.kind)} · ${t('fence.showWhere')}`}
              onClick={() => setOpen(open === r.id ? null : r.id)}
            >
              <span className="row__label">
                {r.terminal_name}
                <span className="fence-record__kind">{kindName(t, r.kind)}</span>
                <br />
                <span className="item-meta">
                  {agent && <span data-testid="fence-record-company">{r.org_name} · </span>}
                  {r.fence_name} · {formatDateTime(r.at, i18n.language)}
                </span>
                <br />
                <span className="item-meta">
                  {r.lat.toFixed(5)}, {r.lng.toFixed(5)}
                </span>
              </span>
              {open === r.id ? (
                <UpOutline aria-hidden className="row__arrow" />
              ) : (
                <DownOutline aria-hidden className="row__arrow" />
              )}
            </button>
            {open === r.id && (
              <>
                <RecordPosition lat={r.lat} lng={r.lng} label={r.terminal_name} fenceId={r.fence_id} />
                <p className="chips fence-record__links">
                  <AlarmTrailLinks terminalId={r.terminal_id} testIdPrefix="fence-record" />
                </p>
              </>
            )}
          </div>
        )}
      />
    </div>
  );
};
