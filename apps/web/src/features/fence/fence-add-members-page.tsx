import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import { showToast } from '../../components/toast.ts';
import './fence.css';

/** /fenceMyMembersList?id=: users of the fence's company it does not monitor yet, added together. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useFence(id);
  const missing = !(id > 0) || (detail.isError && !detail.data);
  const addMembers = useEndpointMutation(api.fence.addMembers, { invalidates: fenceReads });
  const [picked, setPicked] = useState<number[]>([]);
  const add = async () => {
    if (picked.length === 0) return showToast(t('msg.selectUser'));
    try {
      const res = await addMembers.mutateAsync({ id, terminalIds: picked.join(',') });
      showToast(t('fence.added', { count: res.added }));
      navigate(`/fenceMembers?id=${id}`, { replace: true });
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="fence-add-members">
      <PageHeader title={t('fence.addMembers')} />
      {missing ? (
        <MissingRecord />
      ) : (
        <>
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
          <div className="sticky-footer">
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="fence-add-selected"
              onClick={() => void add()}
            >
              {t('fence.addSelected', { count: picked.length })}
            </button>
          </div>
        </>
      )}
    </div>
  );
};
