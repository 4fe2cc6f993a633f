import { api } from '@ptt/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MemberPickPage, memberRow } from '../../components/member-pick-page.tsx';
import { usePageChange } from '../../components/page-change.ts';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import './fence.css';

/** /fenceAdministrator?id=: the keeper of a fence, one of the users it monitors, or none. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: f, missing } = useAddressedRecord(useFence);
  const change = usePageChange();
  const setKeeper = useEndpointMutation(api.fence.setKeeper, { invalidates: fenceReads });
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    if (f) setChosen(f.keeper?.id ?? 0);
  }, [f]);

  const save = () =>
    change(() => setKeeper.mutateAsync({ id, terminalId: chosen }), {
      done: t('fence.keeperSaved'),
      open: `/fenceDetail?id=${id}`,
    });
  return (
    <MemberPickPage
      testId="fence-keeper"
      title={t('fence.keeper')}
      missing={missing}
      ready={Boolean(f)}
      footer={
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="fence-keeper-save"
          onClick={() => void save()}
        >
          {t('fence.save')}
        </button>
      }
    >
      {/* The keeper is one of the users the fence watches, so only its members are offered. */}
      <TerminalPicker
        endpoint={api.fence.members}
        params={{ id }}
        noneLabel={t('fence.clearKeeper')}
        empty={t('fence.noMembers')}
        value={chosen}
        onChange={setChosen}
        toRow={memberRow}
      />
    </MemberPickPage>
  );
};
