import { api, SosStatus } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sosReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MapView } from '../../components/map/map-view.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { showToast } from '../../components/toast.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { msgField } from '../../i18n/languages.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { ProcessForm } from './process-form.tsx';
import { SosState } from './sos-row.tsx';
import '../../components/detail.css';
import './sos.css';

/** /sosDetail?id=: who raised the SOS, when and where (map and address), and its processing. */
/** An SOS, with its texts in the reader's language. */
const useSos = (id: number) =>
  useEndpointQuery(api.sos.detail, { id, lang: msgField[currentLanguage()] }, { enabled: id > 0 });

export const Component = () => {
  const { t, i18n } = useTranslation();
  const read = useAddressedRecord(useSos);
  const { id } = read;
  const processSos = useEndpointMutation(api.sos.process, { invalidates: sosReads });

  return (
    <RecordPage testId="sos-detail" title={t('sos.detail')} read={read} lines={6} boxed>
      {(s) => (
        <>
          <section className="section">
            <h2 className="section__title">
              {s.terminal_name} <SosState status={s.status} falseAlarm={s.false_alarm} />
            </h2>
            <dl className="detail-facts">
              <dt>{t('sos.ssid')}</dt>
              <dd>{s.ssid}</dd>
              <dt>{t('sos.company')}</dt>
              <dd>{s.org_name}</dd>
              <dt>{t('sos.time')}</dt>
              <dd>{formatDateTime(s.created_at, i18n.language)}</dd>
              <dt>{t('sos.address')}</dt>
              <dd data-testid="sos-address">{s.address ?? t('sos.noPosition')}</dd>
              {s.status === SosStatus.processed && (
                <>
                  <dt>{t('sos.processor')}</dt>
                  <dd data-testid="sos-processor">{s.processor}</dd>
                  <dt>{t('sos.processedAt')}</dt>
                  <dd>{s.processed_at ? formatDateTime(s.processed_at, i18n.language) : '—'}</dd>
                  <dt>{t('sos.remark')}</dt>
                  <dd>{s.remark || '—'}</dd>
                  <dt>{t('sos.falseAlarm')}</dt>
                  <dd data-testid="sos-false-alarm-value">{s.false_alarm ? t('sos.yes') : t('sos.no')}</dd>
                </>
              )}
            </dl>
          </section>
          {s.lat !== null && s.lng !== null && (
            <section className="section">
              <MapView
                label={t('sos.mapLabel')}
                testId="sos-map"
                center={{ lat: s.lat as number, lng: s.lng as number }}
                markers={[
                  { lat: s.lat as number, lng: s.lng as number, label: s.terminal_name, tone: 'alarm' },
                ]}
              />
              <Link to={`/locationTrack?id=${s.terminal_id}`} className="row" data-testid="sos-track">
                <span className="row__label">{t('sos.track')}</span>
                <RightOutline aria-hidden className="row__arrow" />
              </Link>
            </section>
          )}
          {s.status === SosStatus.unprocessed && (
            <ProcessForm
              id="sos"
              submit={t('sos.process')}
              question={(p) =>
                t(p.falseAlarm ? 'sos.confirmFalseAlarm' : 'sos.confirmProcess', { name: s.terminal_name })
              }
              onProcess={async (p) => {
                // A failed call keeps the remark in the field; the client has shown the server's message.
                await processSos.mutateAsync({ id, ...p });
                showToast(t('sos.done'));
              }}
            />
          )}
        </>
      )}
    </RecordPage>
  );
};
