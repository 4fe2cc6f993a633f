import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MemberPickPage, memberRow, useCurrentMember } from '../../components/member-pick-page.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import './fence.css';

/** /fenceAdministrator?id=: the keeper of a fence, one of the users it monitors, or none. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: f, missing } = useAddressedRecord(useFence);
  const setKeeper = useEndpointChange(api.fence.setKeeper, fenceReads);
  const [chosen, setChosen] = useCurrentMember(f, f?.keeper?.id);
  const save = () =>
    setKeeper({ id, terminalId: chosen }, { done: t('fence.keeperSaved'), open: `/fenceDetail?id=${id}` });
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
