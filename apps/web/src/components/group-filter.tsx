import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../lib/choice.ts';
import { PickerFilter } from './picker-filter.tsx';

interface Props {
  orgId?: number;
  value: Choice | null;
  onChange: (group: Choice | null) => void;
}

/** Filters a list (users, recordings) by one group (of the chosen company, when there is one). */
export const GroupFilter = ({ orgId, value, onChange }: Props) => {
  const { t } = useTranslation();
  return (
    <PickerFilter
      endpoint={api.group.list}
      params={{ orgId }}
      toRow={(g: { id: number; name: string; org_name: string }) => ({
        id: g.id,
        name: g.name,
        meta: g.org_name,
      })}
      title={t('terminal.group')}
      allText={t('terminal.allGroups')}
      empty={t('terminal.noGroups')}
      value={value}
      onChange={onChange}
      testId="group-filter"
    />
  );
};
