import { api } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupReads } from '../../api/changes.ts';
import { useListening } from '../../api/queries/use-listening.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import { showToast } from '../../components/toast.ts';
import './group.css';

/** /ListeningGroupAdd?terminalId=: lets a user listen to more groups of its company. */
export const Component = () => {
  const { t } = useTranslation();
  const { id: terminalId, record: user, missing } = useAddressedRecord(useTerminalDetail, 'terminalId');
  const [picked, setPicked] = useState<number[]>([]);
  // Its own groups it hears anyway, and those it already listens to, are shown but not offered.
  const listening = useListening(terminalId);
  const own = new Set(user?.groups.map((g) => g.id) ?? []);
  const heard = new Set(listening.data?.map((g) => g.id) ?? []);
  const addListening = useEndpointChange(api.group.addListening, groupReads);
  const save = async () => {
    if (picked.length === 0) return showToast(t('msg.selectUser'));
    await addListening(
      { terminalId, groupIds: picked.join(',') },
      { done: t('group.saved'), open: `/ListeningGroup?terminalId=${terminalId}` },
    );
  };
  return (
    <div className="page" data-testid="listening-group-add">
      <PageHeader title={user ? `${user.name} · ${t('group.listeningAdd')}` : t('group.listeningAdd')} />
      {missing && <MissingRecord />}
      {user && (
        <TerminalPicker
          multiple
          endpoint={api.group.list}
          params={{ orgId: user.org_id }}
          empty={t('group.empty')}
          value={picked}
          onChange={setPicked}
          toRow={(g: { id: number; name: string }) => ({
            id: g.id,
            name: g.name,
            ...(own.has(g.id)
              ? { disabled: true, note: t('group.ownGroup') }
              : heard.has(g.id)
                ? { disabled: true, note: t('group.alreadyListening') }
                : {}),
          })}
        />
      )}
      {!missing && (
        <div className="sticky-footer">
          <Button block color="primary" shape="rounded" size="large" onClick={() => void save()}>
            {t('group.listenSelected', { count: picked.length })}
          </Button>
        </div>
      )}
    </div>
  );
};
