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

/** /fenceAdministrator?id=: the keeper of a fence, one of its company's users, or none. */
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
          <TerminalPicker
            endpoint={api.terminal.list}
            params={{ orgId: f.org_id }}
            searchPlaceholder={t('fence.searchUsers')}
            noneLabel={t('fence.clearKeeper')}
            empty={t('fence.noUsers')}
            value={chosen}
            onChange={setChosen}
            toRow={(u: { id: number; name: string; ssid: string }) => ({
              id: u.id,
              name: u.name,
              sub: u.ssid,
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
