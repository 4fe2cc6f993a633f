import { api } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { groupReads } from '../../api/changes.ts';
import { useGroupDetail } from '../../api/queries/use-group-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { MemberPickPage, memberRow, useCurrentMember } from '../../components/member-pick-page.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { TerminalPicker } from '../../components/terminal-picker.tsx';
import './group.css';

/** /compereAdd?id=: chooses the group's single speaker among its members, or none. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: group, missing } = useAddressedRecord(useGroupDetail);
  const [chosen, setChosen] = useCurrentMember(group, group?.compere?.id);
  const setCompere = useEndpointChange(api.group.setCompere, groupReads);
  const save = () =>
    setCompere({ id, terminalId: chosen }, { done: t('group.saved'), open: `/groupDetail?id=${id}` });
  return (
    <MemberPickPage
      testId="compere-add"
      title={t('group.compere')}
      missing={missing}
      footer={
        <Button block color="primary" shape="rounded" size="large" onClick={() => void save()}>
          {t('group.confirm')}
        </Button>
      }
    >
      <TerminalPicker
        endpoint={api.group.members}
        params={{ id }}
        noneLabel={t('group.clearCompere')}
        empty={t('group.noMembers')}
        value={chosen}
        onChange={setChosen}
        toRow={memberRow}
      />
    </MemberPickPage>
  );
};
