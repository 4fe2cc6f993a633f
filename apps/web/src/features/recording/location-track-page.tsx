import { api, Code } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { MapView } from '../../components/map/map-view.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import './recording.css';

/** A local wall time to the minute (`YYYY-MM-DDTHH:mm`) of `hoursAgo` hours before now. */
const localInput = (hoursAgo: number) => {
  const d = new Date(Date.now() - hoursAgo * 3_600_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};
const toInstant = (local: string) => (local ? new Date(local).toISOString() : '');

/** /locationTrack?id=: where a user's terminal went over a chosen time range (at most 7 days). */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: user, missing } = useAddressedRecord(useTerminalDetail);
  const form = useRuleForm({ from: localInput(24), to: localInput(0) });
  const [asked, setAsked] = useState({ start: toInstant(form.values.from), end: toInstant(form.values.to) });
  const params = { terminalId: id, ...asked };
  // The endpoint's own rule (start before end, at most 7 days); its issues on start and end land under
  // the two inputs.
  const show = form.submit(
    ({ from, to }) => setAsked({ start: toInstant(from), end: toInstant(to) }),
    ({ from, to }) => [
      [
        api.location.track.params,
        { terminalId: id, start: toInstant(from), end: toInstant(to) },
        (path) => (path === 'start' ? 'from' : 'to'),
      ],
    ],
  );
  const track = useEndpointQuery(api.location.track, params, { enabled: id > 0, retry: false, toast: false });
  const none = track.error instanceof ApiError && track.error.code === Code.notFound;
  const points = track.data?.points ?? [];
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <div className="page" data-testid="location-track">
      <PageHeader title={user ? `${user.name} · ${t('track.title')}` : t('track.title')} />
      {missing ? (
        <MissingRecord />
      ) : (
        <>
          <form className="section track-form" noValidate onSubmit={show}>
            <div className="field-pair">
              <DateField
                id="track-from"
                label={t('track.from')}
                precision="minute"
                error={form.errors.from}
                value={form.values.from}
                onChange={form.set('from')}
              />
              <DateField
                id="track-to"
                label={t('track.to')}
                precision="minute"
                error={form.errors.to}
                hint={t('track.rangeHint')}
                value={form.values.to}
                onChange={form.set('to')}
              />
            </div>
            <button type="submit" className="btn btn--primary btn--block" data-testid="track-show">
              {t('track.show')}
            </button>
          </form>
          <section className="section">
            {track.isPending && <Skeleton.Paragraph lineCount={5} animated />}
            {none && <ErrorBlock status="empty" title={t('msg.noLocationTrack')} description="" />}
            {track.isError && !none && (
              <ErrorBlock status="default" title={t('common.loadFailed')} description="" />
            )}
            {first && last && (
              <>
                <MapView
                  label={t('track.mapLabel')}
                  testId="track-map"
                  center={first}
                  track={points}
                  markers={[
                    { ...first, label: t('track.start') },
                    { ...last, label: t('track.end'), tone: 'alarm' },
                  ]}
                />
                <p className="track-summary" data-testid="track-summary">
                  {t('track.points', { count: points.length })}
                  {track.data?.thinned ? ` · ${t('track.thinned')}` : ''}
                </p>
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
};
