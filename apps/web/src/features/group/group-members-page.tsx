import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { HeaderAddLink } from '../../components/header-add-link.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { MemberRow } from './member-row.tsx';
import './group.css';

/** /groupMembers?id=: the members with priority, leader, default group and removal. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: group, missing } = useAddressedRecord(useGroupDetail);
  return (
    <div className="page" data-testid="group-members">
      <PageHeader
        title={group ? `${group.name} · ${t('group.members')}` : t('group.members')}
        right={<HeaderAddLink to={`/unMembers?id=${id}`} label={t('group.unMembers')} />}
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
