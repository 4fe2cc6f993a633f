import { api } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
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

/** /compereAdd?id=: chooses the group's single speaker among its members, or none. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useGroupDetail(id);
  const group = detail.data;
  const missing = !(id > 0) || (detail.isError && !group);
  const [chosen, setChosen] = useState(0);
  const setCompere = useEndpointMutation(api.group.setCompere, { invalidates: groupReads });
  useEffect(() => {
    if (group) setChosen(group.compere?.id ?? 0);
  }, [group]);
  const save = async () => {
    try {
      await setCompere.mutateAsync({ id, terminalId: chosen });
      showToast(t('group.saved'));
      navigate(`/groupDetail?id=${id}`, { replace: true });
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="compere-add">
      <PageHeader title={t('group.compere')} />
      {missing ? (
        <MissingRecord />
      ) : (
        <>
          <TerminalPicker
            endpoint={api.group.members}
            params={{ id }}
            noneLabel={t('group.clearCompere')}
            empty={t('group.noMembers')}
            value={chosen}
            onChange={setChosen}
            toRow={(m: { terminal_id: number; name: string; ssid: string }) => ({
              id: m.terminal_id,
              name: m.name,
              sub: m.ssid,
            })}
          />
          <div className="sticky-footer">
            <Button block color="primary" shape="rounded" size="large" onClick={() => void save()}>
              {t('group.confirm')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
};
