import { api } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import './group.css';

/** /groupDetail?id=: a group's company, leader, speaker and owner, and the ways into its members. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useGroupDetail(id);
  const g = detail.data;
  const missing = !(id > 0) || (detail.isError && !g);
  const removal = useEndpointMutation(api.group.remove, {
    invalidates: groupReads,
    deletes: (p) => ({ id: p.id, endpoints: [api.group.detail, api.group.members, api.group.unMembers] }),
  });
  const remove = async () => {
    if (
      !g ||
      !(await confirm(t('group.confirmDelete', { name: g.name }), t('group.confirm'), t('group.cancel')))
    )
      return;
    try {
      await removal.mutateAsync({ id });
      showToast(t('group.deleted'));
      navigate('/groupList', { replace: true });
    } catch {
      // The client has shown the server's message.
    }
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
          <ul className="rows group-links">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="row" data-testid={l.testId}>
                  <span className="row__label">{l.label}</span>
                  <RightOutline aria-hidden className="row__arrow" />
                </Link>
              </li>
            ))}
          </ul>
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
