import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { PickerFilter } from '../../components/picker-filter.tsx';
import type { Choice } from '../../lib/choice.ts';

interface Props {
  groupId?: number;
  value: Choice | null;
  onChange: (terminal: Choice | null) => void;
}

/** Filters recordings by one user (of the chosen group, when there is one), found by name or SSID. */
export const TerminalFilter = ({ groupId, value, onChange }: Props) => {
  const { t } = useTranslation();
  return (
    <PickerFilter
      endpoint={api.terminal.list}
      params={{ groupId }}
      toRow={(u: { id: number; name: string; ssid: string }) => ({ id: u.id, name: u.name, sub: u.ssid })}
      searchPlaceholder={t('recording.searchUsers')}
      title={t('recording.pickUser')}
      allText={t('recording.allUsers')}
      chosenText={(u) => t('recording.user', { name: u.name })}
      empty={t('recording.noUsers')}
      value={value}
      onChange={onChange}
      testId="recording-user"
    />
  );
};
