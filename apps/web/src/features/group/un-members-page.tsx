import { api } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupReads } from '../../api/changes.ts';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MemberPickPage } from '../../components/member-pick-page.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import { showToast } from '../../components/toast.ts';
import './group.css';

/** /unMembers?id=: users of the group's company that are not members yet, added with one priority. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, missing } = useAddressedRecord(useGroupDetail);
  const addMembers = useEndpointChange(api.group.addMembers, groupReads);
  const [picked, setPicked] = useState<number[]>([]);
  const [priority, setPriority] = useState(3);
  const add = async () => {
    if (picked.length === 0) return showToast(t('msg.selectUser'));
    await addMembers(
      { id, terminalIds: picked.join(','), priority },
      { done: (res) => t('group.added', { count: res.added }), open: `/groupMembers?id=${id}` },
    );
  };
  return (
    <MemberPickPage
      testId="un-members"
      title={t('group.unMembers')}
      missing={missing}
      footer={
        <>
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
        </>
      }
    >
      <TerminalPicker
        multiple
        endpoint={api.group.unMembers}
        params={{ id }}
        searchPlaceholder={t('group.searchMembers')}
        empty={t('group.noUsers')}
        value={picked}
        onChange={setPicked}
        toRow={(u: { id: number; name: string; ssid: string }) => ({ id: u.id, name: u.name, sub: u.ssid })}
      />
    </MemberPickPage>
  );
};
