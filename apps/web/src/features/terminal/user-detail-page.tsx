import { api } from '@ptt/contract';
import Switch from 'antd-mobile/es/components/switch';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { terminalReads } from '../../api/changes.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useAddressedRecord } from '../../components/addressed-record.ts';
import { LastPosition } from '../../components/last-position.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { showToast } from '../../components/toast.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { expiryKind, functionKeys } from './expiry.ts';
import { ExpiryText } from './expiry-text.tsx';
import { putSelection } from './selection.ts';
import { UserActions } from './user-actions.tsx';
import { UserGroups } from './user-groups.tsx';
import './terminal.css';

/** The paid functions a radio needs for what a dispatcher expects of it, with what their lack means. */
const paidFunctions = ['sos', 'recording', 'location', 'fence'] as const;

/**
 * Why the radio does less than it could: no SOS, no recorded talk, no kept positions, no fence, each
 * said where its function is not activated or has expired (the device API refuses those calls).
 */
const FunctionNotes = ({
  expiries,
  isAgent,
}: {
  expiries: Record<(typeof paidFunctions)[number], string | null>;
  isAgent: boolean;
}) => {
  const { t } = useTranslation();
  const lacking = paidFunctions.filter((key) => {
    const kind = expiryKind(expiries[key]);
    return kind === 'none' || kind === 'expired';
  });
  if (lacking.length === 0) return null;
  return (
    <div className="function-notes" data-testid="function-notes">
      <ul>
        {lacking.map((key) => (
          <li key={key} data-testid={`function-note-${key}`}>
            {t(`terminal.lacks.${key}`)}
          </li>
        ))}
      </ul>
      <p>{t(isAgent ? 'terminal.lacks.agentHint' : 'terminal.lacks.orgHint')}</p>
    </div>
  );
};

/** /userDetail?id=: one user's identity, functions with their expiry, groups, and what can be done to it. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAgent = getLoginInfo()?.role === 0;
  const read = useAddressedRecord(useTerminalDetail);
  const { id } = read;
  const updateUser = useEndpointMutation(api.terminal.updateUser, { invalidates: terminalReads });

  const setDispatcher = async (on: boolean) => {
    try {
      await updateUser.mutateAsync({ id, dispatcher: on ? '1' : '0' });
      showToast(t('terminal.saved'));
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <RecordPage testId="user-detail" title={t('terminal.detail')} read={read} lines={8}>
      {(u) => (
        <>
          <section className="section">
            <h2 className="section__title">{u.name}</h2>
            <dl className="detail-list">
              <dt>{t('terminal.ssidLabel')}</dt>
              <dd data-testid="detail-ssid">{u.ssid}</dd>
              <dt>{t('terminal.iccidLabel')}</dt>
              <dd>{u.iccid || t('terminal.none')}</dd>
              <dt>{t('terminal.company')}</dt>
              <dd>{u.org_name}</dd>
              <dt>{t('terminal.userType')}</dt>
              <dd>{t(u.user_type === 1 ? 'terminal.vip' : 'terminal.single')}</dd>
              <dt>{t('terminal.warranty')}</dt>
              <dd>{u.warranty?.slice(0, 10) ?? t('terminal.none')}</dd>
              <dt>{t('terminal.remark')}</dt>
              <dd>{u.remark || t('terminal.none')}</dd>
              <dt>
                <label htmlFor="user-dispatcher">{t('terminal.dispatcher')}</label>
              </dt>
              <dd>
                <Switch
                  checked={u.dispatcher}
                  onChange={(on) => void setDispatcher(on)}
                  aria-label={t('terminal.dispatcher')}
                />
              </dd>
            </dl>
            <div className="chips" style={{ marginTop: 16 }}>
              <Link className="chip chip--link" to={`/perfect?id=${u.id}`}>
                {t('terminal.perfect')}
              </Link>
              <Link
                className="chip chip--link"
                to={`/changeCard?ssid=${u.ssid}`}
                data-testid="to-change-card"
              >
                {t('terminal.changeCard')}
              </Link>
              <Link className="chip chip--link" to={`/ListeningGroup?terminalId=${u.id}`}>
                {t('terminal.listening')}
              </Link>
              <Link
                className="chip chip--link"
                to={`/audit?targetKind=terminal&targetId=${u.id}&targetName=${encodeURIComponent(u.name)}`}
                data-testid="user-audit"
              >
                {t('audit.openFromUser')}
              </Link>
            </div>
          </section>
          <section className="section">
            <h2 className="section__title">{t('terminal.functions')}</h2>
            <dl className="detail-list">
              {functionKeys.map((key) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{t(`card.${key}`)}</dt>
                  <dd data-testid={`expiry-${key}`}>
                    <ExpiryText date={u.expiries[key]} />
                  </dd>
                </div>
              ))}
            </dl>
            <FunctionNotes expiries={u.expiries} isAgent={isAgent} />
            {isAgent && (
              <button
                type="button"
                className="btn btn--block"
                style={{ marginTop: 16 }}
                data-testid="detail-renew"
                onClick={() => {
                  putSelection([{ id: u.id, name: u.name, ssid: u.ssid }]);
                  navigate('/activationConfirm');
                }}
              >
                {t('terminal.renew')}
              </button>
            )}
          </section>
          <LastPosition terminalId={u.id} />
          <UserGroups user={u} />
          <UserActions user={u} isAgent={isAgent} />
        </>
      )}
    </RecordPage>
  );
};
