import { api } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useListening } from '../../api/queries/use-listening.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import './group.css';

/** /ListeningGroup?terminalId=: the groups a user listens to besides its own. */
export const Component = () => {
  const { t } = useTranslation();
  const terminalId = Number(useSearchParams()[0].get('terminalId'));
  const listening = useListening(terminalId);
  const user = useTerminalDetail(terminalId).data;
  // No user in the link, or one that is gone or out of scope: nothing to wait for.
  const missing = !(terminalId > 0) || (listening.isError && !listening.data);
  const removeListening = useEndpointMutation(api.group.removeListening, { invalidates: groupReads });
  const stop = async (groupId: number) => {
    try {
      await removeListening.mutateAsync({ terminalId, groupId });
      showToast(t('group.removed'));
    } catch {
      // The client has shown the server's message.
    }
  };
  return (
    <div className="page" data-testid="listening-group">
      <PageHeader
        title={user ? `${user.name} · ${t('group.listening')}` : t('group.listening')}
        right={
          !missing && (
            <Link
              to={`/ListeningGroupAdd?terminalId=${terminalId}`}
              aria-label={t('group.listeningAdd')}
              className="page-header__back"
            >
              <AddOutline />
            </Link>
          )
        }
      />
      {missing && <MissingRecord />}
      <div className="group-links">
        {!missing && listening.isPending && <Skeleton.Paragraph lineCount={3} animated />}
        {listening.data?.length === 0 && (
          <ErrorBlock status="empty" title={t('group.noListening')} description="" />
        )}
        <ul className="rows">
          {listening.data?.map((g) => (
            <li key={g.id}>
              <div className="row">
                <Link to={`/groupDetail?id=${g.id}`} className="row__label">
                  {g.name}
                </Link>
                <button
                  type="button"
                  className="page-header__back"
                  aria-label={t('group.stopListening', { name: g.name })}
                  onClick={() => void stop(g.id)}
                >
                  <CloseOutline aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};
