import { useTranslation } from 'react-i18next';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { RecordPage } from '../../components/record-page.tsx';
import { RemoveRecordButton } from '../../components/remove-record-button.tsx';
import { RowLinks } from '../../components/row-links.tsx';
import './group.css';

/** /groupDetail?id=: a group's company, leader, speaker and owner, and the ways into its members. */
export const Component = () => {
  const { t } = useTranslation();
  const read = useAddressedRecord(useGroupDetail);
  const { id } = read;
  const links = [
    { to: `/groupMembers?id=${id}`, label: t('group.members'), testId: 'to-members' },
    { to: `/unMembers?id=${id}`, label: t('group.unMembers'), testId: 'to-un-members' },
    { to: `/compereAdd?id=${id}`, label: t('group.compere'), testId: 'to-compere' },
  ];
  return (
    <RecordPage testId="group-detail" title={t('group.detail')} read={read} lines={5}>
      {(g) => (
        <>
          <section className="section">
            <h2 className="section__title" data-testid="group-name">
              {g.name}
            </h2>
            <dl className="detail-list">
              <dt>{t('group.company')}</dt>
              <dd>{g.org_name}</dd>
              <dt>{t('group.members')}</dt>
              <dd>{t('group.memberCount', { count: g.member_count })}</dd>
              <dt>{t('group.leader')}</dt>
              <dd data-testid="group-leader">{g.leader?.name ?? t('group.none')}</dd>
              <dt>{t('group.compere')}</dt>
              <dd>{g.compere?.name ?? t('group.none')}</dd>
              <dt>{t('group.owner')}</dt>
              <dd data-testid="group-owner">
                {g.owner?.name ?? t('group.none')}
                {g.self_created && <span className="tag">{t('group.selfCreated')}</span>}
              </dd>
            </dl>
          </section>
          <RowLinks links={links} className="group-links" />
          <div className="sticky-footer">
            <RemoveRecordButton kind="group" id={id} name={g.name} className="btn btn--block" />
          </div>
        </>
      )}
    </RecordPage>
  );
};
