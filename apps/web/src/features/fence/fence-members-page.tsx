import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { HeaderAddLink } from '../../components/header-add-link.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import './fence.css';

/** /fenceMembers?id=: the users a fence monitors, each removable after a confirmation. */
export const Component = () => {
  const { t } = useTranslation();
  const { id, record: f, missing } = useAddressedRecord(useFence);
  const removal = useEndpointChange(api.fence.removeMembers, fenceReads);
  const remove = (terminalId: number, name: string) =>
    removal(
      { id, terminalIds: String(terminalId) },
      {
        done: t('fence.removed'),
        ask: [t('fence.confirmRemove', { name }), t('fence.confirm'), t('fence.cancel')],
      },
    );
  return (
    <div className="page" data-testid="fence-members">
      <PageHeader
        title={f ? `${f.name} · ${t('fence.members')}` : t('fence.members')}
        right={<HeaderAddLink to={`/fenceMyMembersList?id=${id}`} label={t('fence.addMembers')} />}
      />
      {missing ? (
        <MissingRecord />
      ) : (
        <PagedList
          endpoint={api.fence.members}
          params={{ id }}
          empty={t('fence.noMembers')}
          testId="fence-member-list"
          rowKey={(m) => m.terminal_id}
          item={(m) => (
            <div className="row" data-testid={`fence-member-${m.ssid}`}>
              <span className="row__label">
                {m.name}
                {m.is_keeper && <span className="fence-record__kind">{t('fence.keeper')}</span>}
                <br />
                <span className="item-meta">{m.ssid}</span>
              </span>
              <button type="button" className="chip" onClick={() => void remove(m.terminal_id, m.name)}>
                {t('fence.remove')}
              </button>
            </div>
          )}
        />
      )}
    </div>
  );
};
