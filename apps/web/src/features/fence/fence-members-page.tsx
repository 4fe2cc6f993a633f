import { api } from '@ptt/contract';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fenceReads } from '../../api/changes.ts';
import { useFence } from '../../api/queries/use-fence.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import './fence.css';

/** /fenceMembers?id=: the users a fence monitors, each removable after a confirmation. */
export const Component = () => {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useFence(id);
  const f = detail.data;
  const missing = !(id > 0) || (detail.isError && !f);
  const removal = useEndpointMutation(api.fence.removeMembers, { invalidates: fenceReads });

  const remove = async (terminalId: number, name: string) => {
    if (!(await confirm(t('fence.confirmRemove', { name }), t('fence.confirm'), t('fence.cancel')))) return;
    try {
      await removal.mutateAsync({ id, terminalIds: String(terminalId) });
      showToast(t('fence.removed'));
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="fence-members">
      <PageHeader
        title={f ? `${f.name} · ${t('fence.members')}` : t('fence.members')}
        right={
          <Link
            to={`/fenceMyMembersList?id=${id}`}
            aria-label={t('fence.addMembers')}
            className="page-header__back"
          >
            <AddOutline />
          </Link>
        }
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
