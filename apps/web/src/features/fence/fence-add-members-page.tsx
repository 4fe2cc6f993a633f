import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MemberPickPage } from '../../components/member-pick-page.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import { showToast } from '../../components/toast.ts';
import './fence.css';

/** /fenceMyMembersList?id=: users of the fence's company it does not monitor yet, added together. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, missing } = useAddressedRecord(useFence);
  const addMembers = useEndpointChange(api.fence.addMembers, fenceReads);
  const [picked, setPicked] = useState<number[]>([]);
  const add = async () => {
    if (picked.length === 0) return showToast(t('msg.selectUser'));
    await addMembers(
      { id, terminalIds: picked.join(',') },
      { done: (res) => t('fence.added', { count: res.added }), open: `/fenceMembers?id=${id}` },
    );
  };
  return (
    <MemberPickPage
      testId="fence-add-members"
      title={t('fence.addMembers')}
      missing={missing}
      footer={
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="fence-add-selected"
          onClick={() => void add()}
        >
          {t('fence.addSelected', { count: picked.length })}
        </button>
      }
    >
      <TerminalPicker
        multiple
        endpoint={api.fence.unMembers}
        params={{ id }}
        searchPlaceholder={t('fence.searchUsers')}
        empty={t('fence.noUsers')}
        value={picked}
        onChange={setPicked}
        toRow={(u: { id: number; name: string; ssid: string; watched: boolean }) => ({
          id: u.id,
          name: u.name,
          sub: u.ssid,
          note: u.watched ? undefined : t('fence.notWatched'),
        })}
      />
    </MemberPickPage>
  );
};
