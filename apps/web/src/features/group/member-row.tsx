import { api, type DataOf } from '@ptt/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useEndpointMutation, useInvalidateEndpoints } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { usePageChange } from '../../components/page-change.ts';
import { showToast } from '../../components/toast.ts';

type Member = DataOf<typeof api.group.members>['list'][number];

interface Props {
  groupId: number;
  member: Member;
  ownerId: number | undefined;
}

/** A member with its flags and tools: priority 1–5, leader, default group, remove. */
export const MemberRow = ({ groupId, member: m, ownerId }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { id: groupId, terminalId: m.terminal_id };
  const invalidate = useInvalidateEndpoints();
  // A member's removal may delete the group with it: what to refresh depends on the answer.
  const removeMember = useEndpointMutation(api.group.removeMember);
  // A new priority refreshes everything but this list, which the server sorts by priority: re-sorted,
  // the row would jump from under the finger. The row shows its new priority in place; the order
  // follows on the next visit or pull.
  const setPriority = useEndpointMutation(api.group.setPriority, {
    invalidates: groupReads.filter((e) => e !== api.group.members),
  });
  const [priority, setShownPriority] = useState(m.priority);
  useEffect(() => setShownPriority(m.priority), [m.priority]);
  const setLeader = useEndpointMutation(api.group.setLeader, { invalidates: groupReads });
  const setDefault = useEndpointMutation(api.group.setDefault, { invalidates: groupReads });
  const change = usePageChange();
  // A refusal ('This group is already the default group!') is the server's message, which the client shows.
  const act = (run: () => Promise<unknown>, done = t('group.saved')) => change(run, { done });
  const remove = async () => {
    const owner = m.terminal_id === ownerId;
    const text = t(owner ? 'group.confirmRemoveOwner' : 'group.confirmRemove', { name: m.name });
    if (!(await confirm(text, t('group.confirm'), t('group.cancel')))) return;
    try {
      const res = await removeMember.mutateAsync(ids);
      showToast(t(res.groupDeleted ? 'group.groupDeleted' : 'group.removed'));
      if (res.groupDeleted) {
        // Removing the owner deleted the self-created group: leave its pages before anything refetches.
        navigate('/groupList', { replace: true });
        await invalidate(groupReads, {
          id: groupId,
          endpoints: [api.group.detail, api.group.members, api.group.unMembers],
        });
      } else {
        await invalidate(groupReads);
      }
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="member" data-testid={`member-${m.ssid}`}>
      <div className="member__head">
        <Link to={`/userDetail?id=${m.terminal_id}`} className="member__name">
          {m.name}
          <br />
          <span className="item-meta">{m.ssid}</span>
        </Link>
        {m.is_leader && <span className="tag">{t('group.isLeader')}</span>}
        {m.is_compere && <span className="tag">{t('group.isCompere')}</span>}
        {m.is_default && <span className="tag">{t('group.isDefault')}</span>}
        {/* Beside the name, so priority, leader and default fit one line of tools on a phone. */}
        <button type="button" className="chip member__remove" onClick={() => void remove()}>
          {t('group.remove')}
        </button>
      </div>
      <div className="member__tools">
        <label>
          <span className="visually-hidden">{t('group.priorityOf', { name: m.name })}</span>
          <select
            value={priority}
            data-testid={`priority-${m.ssid}`}
            onChange={(e) => {
              const next = Number(e.target.value);
              void act(async () => {
                await setPriority.mutateAsync({ ...ids, priority: next });
                setShownPriority(next);
              });
            }}
          >
            {[1, 2, 3, 4, 5].map((p) => (
              <option key={p} value={p}>
                {t('group.priority')} {p}
              </option>
            ))}
          </select>
        </label>
        {!m.is_leader && (
          <button
            type="button"
            className="chip"
            data-testid={`leader-${m.ssid}`}
            onClick={() => void act(() => setLeader.mutateAsync(ids))}
          >
            {t('group.makeLeader')}
          </button>
        )}
        {/* The default group is already the default: only the others are offered. */}
        {!m.is_default && (
          <button
            type="button"
            className="chip"
            data-testid={`default-${m.ssid}`}
            onClick={() => void act(() => setDefault.mutateAsync(ids))}
          >
            {t('group.setDefault')}
          </button>
        )}
      </div>
    </div>
  );
};
