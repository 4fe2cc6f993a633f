import { api } from '@ptt/contract';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { MemberRow } from './member-row.tsx';
import './group.css';

/** /groupMembers?id=: the members with priority, leader, default group and removal. */
export const Component = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useGroupDetail(id);
  const group = detail.data;
  const missing = !(id > 0) || (detail.isError && !group);
  return (
    <div className="page" data-testid="group-members">
      <PageHeader
        title={group ? `${group.name} · ${t('group.members')}` : t('group.members')}
        right={
          <Link to={`/unMembers?id=${id}`} aria-label={t('group.unMembers')} className="page-header__back">
            <AddOutline />
          </Link>
        }
      />
      {missing && <MissingRecord />}
      {!missing && (
        <PagedList
          endpoint={api.group.members}
          params={{ id }}
          empty={t('group.noMembers')}
          rowKey={(m) => m.terminal_id}
          item={(m) => <MemberRow groupId={id} member={m} ownerId={group?.owner?.id} />}
        />
      )}
    </div>
  );
};
