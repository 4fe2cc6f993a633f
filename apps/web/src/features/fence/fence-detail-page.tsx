import { useTranslation } from 'react-i18next';
import { useFence } from '../../api/queries/use-fence.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MapView } from '../../components/map/map-view.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { RemoveRecordButton } from '../../components/remove-record-button.tsx';
import { RowLinks } from '../../components/row-links.tsx';
import { shapeOf } from './drawing.ts';
import { triggerName } from './trigger.ts';
import '../../components/detail.css';
import './fence.css';

/** /fenceDetail?id=: a fence on the map, its rules, keeper and users, and the ways to change them. */
export const Component = () => {
  const { t } = useTranslation();
  const read = useAddressedRecord(useFence);
  const { id } = read;

  const links = [
    { to: `/fenceEdit?id=${id}`, label: t('fence.edit'), testId: 'to-fence-edit' },
    { to: `/fenceAdministrator?id=${id}`, label: t('fence.keeper'), testId: 'to-fence-keeper' },
    { to: `/fenceMembers?id=${id}`, label: t('fence.members'), testId: 'to-fence-members' },
    { to: `/fenceMyMembersList?id=${id}`, label: t('fence.addMembers'), testId: 'to-fence-add-members' },
    { to: `/fencerecord?id=${id}`, label: t('fence.records'), testId: 'to-fence-records' },
  ];
  return (
    <RecordPage testId="fence-detail" title={t('fence.detail')} read={read} lines={6}>
      {(f) => (
        <>
          <section className="section">
            <h2 className="section__title" data-testid="fence-name">
              {f.name}
            </h2>
            <MapView
              label={t('fence.mapLabel')}
              testId="fence-map"
              center={f.center ?? f.points[0] ?? { lat: 0, lng: 0 }}
              shapes={[shapeOf(f)]}
            />
            <dl className="detail-facts">
              <dt>{t('fence.trigger')}</dt>
              <dd data-testid="fence-trigger">{triggerName(t, f.trigger)}</dd>
              <dt>{t('fence.period')}</dt>
              <dd>{t('fence.periodValue', { start: f.window_start, end: f.window_end })}</dd>
              <dt>{t('fence.dates')}</dt>
              <dd>
                {f.permanent
                  ? t('fence.permanent')
                  : t('fence.dateRange', { start: f.date_start, end: f.date_end })}
              </dd>
              <dt>{t('fence.keeper')}</dt>
              <dd data-testid="fence-keeper">{f.keeper?.name ?? t('fence.noKeeper')}</dd>
              <dt>{t('fence.members')}</dt>
              <dd data-testid="fence-member-count">{t('fence.memberCount', { count: f.member_count })}</dd>
            </dl>
          </section>
          <section className="section section--menu">
            <RowLinks links={links} />
          </section>
          <section className="section">
            <RemoveRecordButton kind="fence" id={id} name={f.name} className="btn btn--block fence-delete" />
          </section>
        </>
      )}
    </RecordPage>
  );
};
