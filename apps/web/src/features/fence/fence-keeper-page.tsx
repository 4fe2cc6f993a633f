import { api } from '@ptt/contract';
import { useEffect, useState } from 'react';
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

/** /fenceAdministrator?id=: the keeper of a fence, one of the users it monitors, or none. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useFence(id);
  const f = detail.data;
  const missing = !(id > 0) || (detail.isError && !f);
  const setKeeper = useEndpointMutation(api.fence.setKeeper, { invalidates: fenceReads });
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    if (f) setChosen(f.keeper?.id ?? 0);
  }, [f]);

  const save = async () => {
    try {
      await setKeeper.mutateAsync({ id, terminalId: chosen });
      showToast(t('fence.keeperSaved'));
      navigate(`/fenceDetail?id=${id}`, { replace: true });
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="fence-keeper">
      <PageHeader title={t('fence.keeper')} />
      {missing && <MissingRecord />}
      {f && (
        <>
          {/* The keeper is one of the users the fence watches, so only its members are offered. */}
          <TerminalPicker
            endpoint={api.fence.members}
            params={{ id }}
            noneLabel={t('fence.clearKeeper')}
            empty={t('fence.noMembers')}
            value={chosen}
            onChange={setChosen}
            toRow={(m: { terminal_id: number; name: string; ssid: string }) => ({
              id: m.terminal_id,
              name: m.name,
              sub: m.ssid,
            })}
          />
          <div className="sticky-footer">
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="fence-keeper-save"
              onClick={() => void save()}
            >
              {t('fence.save')}
            </button>
          </div>
        </>
      )}
    </div>
  );
};
