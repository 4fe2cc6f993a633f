import { api } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import { showToast } from '../../components/toast.ts';
import './group.css';

/** /unMembers?id=: users of the group's company that are not members yet, added with one priority. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useGroupDetail(id);
  const missing = !(id > 0) || (detail.isError && !detail.data);
  const addMembers = useEndpointMutation(api.group.addMembers, { invalidates: groupReads });
  const [picked, setPicked] = useState<number[]>([]);
  const [priority, setPriority] = useState(3);
  const add = async () => {
    if (picked.length === 0) return showToast(t('msg.selectUser'));
    try {
      const res = await addMembers.mutateAsync({ id, terminalIds: picked.join(','), priority });
      showToast(t('group.added', { count: res.added }));
      navigate(`/groupMembers?id=${id}`, { replace: true });
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="un-members">
      <PageHeader title={t('group.unMembers')} />
      {missing ? (
        <MissingRecord />
      ) : (
        <>
          <TerminalPicker
            multiple
            endpoint={api.group.unMembers}
            params={{ id }}
            searchPlaceholder={t('group.searchMembers')}
            empty={t('group.noUsers')}
            value={picked}
            onChange={setPicked}
            toRow={(u: { id: number; name: string; ssid: string }) => ({
              id: u.id,
              name: u.name,
              sub: u.ssid,
            })}
          />
          <div className="sticky-footer">
            <label className="priority-row">
              <span>{t('group.priority')}</span>
              <select
                value={priority}
                onChange={(e) => setPriority(Number(e.target.value))}
                data-testid="add-priority"
              >
                {[1, 2, 3, 4, 5].map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              data-testid="add-members"
              onClick={() => void add()}
            >
              {t('group.addSelected', { count: picked.length })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
};
