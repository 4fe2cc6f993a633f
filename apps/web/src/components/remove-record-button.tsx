import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { fenceReads, groupReads } from '../api/changes.ts';
import { useEndpointMutation } from '../api/use-endpoint-mutation.ts';
import { usePageChange } from './page-change.ts';

/**
 * What deleting each kind of record involves: the calls it changes, the calls that read the record by its
 * id (not fetched again once it is gone), and the list the page leaves for.
 */
const kinds = {
  fence: {
    remove: api.fence.remove,
    invalidates: fenceReads,
    reads: [api.fence.detail, api.fence.members, api.fence.unMembers],
    list: '/fencelist',
  },
  group: {
    remove: api.group.remove,
    invalidates: groupReads,
    reads: [api.group.detail, api.group.members, api.group.unMembers],
    list: '/groupList',
  },
} as const;

interface Props {
  kind: keyof typeof kinds;
  id: number;
  name: string;
  className: string;
}

/** The button that deletes the fence or group a page shows, after a confirmation, and leaves for its list. */
export const RemoveRecordButton = ({ kind, id, name, className }: Props) => {
  const { t } = useTranslation();
  const change = usePageChange();
  const { remove, invalidates, reads, list } = kinds[kind];
  const removal = useEndpointMutation(remove, { invalidates, deletes: () => ({ id, endpoints: reads }) });
  const ask = [t(`${kind}.confirmDelete`, { name }), t(`${kind}.confirm`), t(`${kind}.cancel`)] as const;
  const onClick = () =>
    change(() => removal.mutateAsync({ id }), { done: t(`${kind}.deleted`), open: list, ask });
  return (
    <button type="button" className={className} onClick={() => void onClick()}>
      {t(`${kind}.delete`)}
    </button>
  );
};
