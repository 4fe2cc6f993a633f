import { api } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { groupReads } from '../../api/changes.ts';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { usePageChange } from '../../components/page-change.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RowLinks } from '../../components/row-links.tsx';
import './group.css';

/** /groupDetail?id=: a group's company, leader, speaker and owner, and the ways into its members. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: g, missing } = useAddressedRecord(useGroupDetail);
  const change = usePageChange();
  const removal = useEndpointMutation(api.group.remove, {
    invalidates: groupReads,
    deletes: (p) => ({ id: p.id, endpoints: [api.group.detail, api.group.members, api.group.unMembers] }),
  });
  const remove = async () => {
    if (!g) return;
    await change(() => removal.mutateAsync({ id }), {
      done: t('group.deleted'),
      open: '/groupList',
      ask: [t('group.confirmDelete', { name: g.name }), t('group.confirm'), t('group.cancel')],
    });
  };
  const links = [
    { to: `/groupMembers?id=${id}`, label: t('group.members'), testId: 'to-members' },
    { to: `/unMembers?id=${id}`, label: t('group.unMembers'), testId: 'to-un-members' },
    { to: `/compereAdd?id=${id}`, label: t('group.compere'), testId: 'to-compere' },
  ];
  return (
    <div className="page" data-testid="group-detail">
      <PageHeader title={t('group.detail')} />
      {missing && <MissingRecord />}
      {!g && !missing && <Skeleton.Paragraph lineCount={5} animated />}
      {g && (
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
            <button type="button" className="btn btn--block" onClick={() => void remove()}>
              {t('group.delete')}
            </button>
          </div>
        </>
      )}
    </div>
  );
};
