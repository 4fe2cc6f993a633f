import { api, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { terminalReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';

/** /changeCard?ssid=: moves a user and its services from the old SSID to a new one. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const old = useSearchParams()[0].get('ssid') ?? '';
  const changeCard = useEndpointMutation(api.terminal.changecard, { invalidates: terminalReads });
  const checkSsids = useEndpointMutation(api.terminal.checkSsids);
  return (
    <div className="page" data-testid="change-card">
      <PageHeader title={t('terminal.changeCard')} />
      <section className="section">
        <RuleForm
          id="change-card"
          submitText={t('terminal.changeCard')}
          initial={{ oldSsid: old }}
          fields={[
            {
              name: 'oldSsid',
              label: t('terminal.oldSsid'),
              rule: rules.ssid,
              type: 'tel',
              placeholder: t('terminal.ssidPlaceholder'),
            },
            {
              name: 'newSsid',
              label: t('terminal.newSsid'),
              rule: rules.ssid,
              type: 'tel',
              placeholder: t('terminal.ssidPlaceholder'),
            },
          ]}
          ask={async (v, refuse) => {
            const newSsid = rules.ssid.parse(v.newSsid);
            // A new SSID in use is refused before the question, not after it.
            try {
              if ((await checkSsids.mutateAsync({ ssids: newSsid })).taken.length > 0) {
                refuse('newSsid', 'newSsidInUse');
                return false;
              }
            } catch {
              return false; // The client has shown the server's message.
            }
            return confirm(
              t('terminal.confirmChangeCard', { old: rules.ssid.parse(v.oldSsid), new: newSsid }),
              t('terminal.changeCard'),
              t('terminal.cancel'),
            );
          }}
          onSubmit={async (v) => {
            const res = await changeCard.mutateAsync({ oldSsid: v.oldSsid, newSsid: v.newSsid });
            showToast(t('terminal.changed', { ssid: res.ssid }));
            navigate(`/userDetail?id=${res.id}`, { replace: true });
          }}
        />
      </section>
    </div>
  );
};
