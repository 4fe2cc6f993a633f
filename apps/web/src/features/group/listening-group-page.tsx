import { api } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useListening } from '../../api/queries/use-listening.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { HeaderAddLink } from '../../components/header-add-link.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { useEndpointChange } from '../../components/page-change.ts';
import { PageHeader } from '../../components/page-header.tsx';
import './group.css';

/** /ListeningGroup?terminalId=: the groups a user listens to besides its own. */
export const Component = () => {
  const { t } = useTranslation();
  // No user in the link, or one that is gone or out of scope: nothing to wait for.
  const { id: terminalId, read: listening, missing } = useAddressedRecord(useListening, 'terminalId');
  const user = useTerminalDetail(terminalId).data;
  const removeListening = useEndpointChange(api.group.removeListening, groupReads);
  const stop = (groupId: number) => removeListening({ terminalId, groupId }, { done: t('group.removed') });
  return (
    <div className="page" data-testid="listening-group">
      <PageHeader
        title={user ? `${user.name} · ${t('group.listening')}` : t('group.listening')}
        right={
          !missing && (
            <HeaderAddLink
              to={`/ListeningGroupAdd?terminalId=${terminalId}`}
              label={t('group.listeningAdd')}
            />
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
