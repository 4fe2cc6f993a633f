import { api, isSubAgentPath, rules } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useOrgInfo } from '../../api/queries/use-org-info.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReminderSmsSwitch } from '../../components/reminder-sms-switch.tsx';
import { TitledSection } from '../../components/titled-section.tsx';
import { showToast } from '../../components/toast.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { EditRow } from './edit-row.tsx';
import './account.css';

/** A profile field changed on a screen of its own: its value (or "Not set"), opening that screen. */
const LinkRow = (p: { to: string; testId: string; label: string; value: string; empty: boolean }) => (
  <Link to={p.to} className="profile-row profile-row--link" data-testid={p.testId}>
    <span className="profile-row__label">{p.label}</span>
    <span className={`profile-row__value${p.empty ? ' profile-row__value--empty' : ''}`}>{p.value}</span>
    <RightOutline aria-hidden className="profile-row__arrow" />
  </Link>
);

const pathOf = { 0: '/individualUser', 1: '/orgUser' } as const;

/**
 * /individualUser (agent) and /orgUser (company): the signed-in account's own profile. Contact, email,
 * area and address are edited in place; the mobile number needs a code sent to it, on /sendSms.
 */
export const Component = () => {
  const { t } = useTranslation();
  const role = getLoginInfo()?.role ?? 0;
  const agent = useAgentInfo(role === 0);
  const org = useOrgInfo(role === 1);
  // A company's region is the one its agent sees and /upregion changes.
  const region = useEndpointQuery(api.org.getRegion, {}, { enabled: role === 1 });
  // The company's own detail carries its reminder SMS choice.
  const own = useEndpointQuery(api.org.info, {}, { enabled: role === 1 });
  // Each row shows the server's refusal under itself.
  const saveContact = useEndpointMutation(api.profile.contact, {
    invalidates: [api.profile.agent, api.profile.org],
    call: { toast: false },
  });
  const saveEmail = useEndpointMutation(api.profile.email, {
    invalidates: [api.profile.agent, api.profile.org],
    call: { toast: false },
  });
  const saveArea = useEndpointMutation(api.profile.area, {
    invalidates: [api.profile.agent, api.profile.org],
    call: { toast: false },
  });
  const saveAddress = useEndpointMutation(api.profile.address, {
    invalidates: [api.profile.agent, api.profile.org],
    call: { toast: false },
  });
  const { pathname } = useLocation();
  if (pathname !== pathOf[role]) return <Navigate to={pathOf[role]} replace />;

  const data = role === 0 ? agent.data : org.data;
  const saved = () => showToast(t('account.profile.saved'));
  const a = role === 0 ? agent.data : undefined;
  const o = role === 1 ? org.data : undefined;
  const identity: [string, string, string][] = a
    ? [
        ['name', t('account.profile.name'), a.name],
        ['account', t('account.profile.account'), a.account],
        [
          'role',
          t('account.profile.role'),
          t(isSubAgentPath(a.path) ? 'account.center.subAgent' : 'account.center.topAgent'),
        ],
      ]
    : o
      ? [
          ['name', t('account.profile.orgName'), o.corg_name],
          ['account', t('account.profile.account'), o.account],
          ['agent', t('account.profile.agent'), o.agent_name],
        ]
      : [];

  return (
    <div className="page account-page" data-testid="profile-page">
      <PageHeader
        title={t(role === 0 ? 'account.center.profile' : 'account.center.orgProfile')}
        backTo="/main"
      />
      {!data && <Skeleton.Paragraph lineCount={8} animated />}
      {data && (
        <>
          <TitledSection
            id="profile-identity"
            title={t('account.profile.identity')}
            className="profile-section"
          >
            <dl className="profile-facts">
              {identity.map(([key, label, value]) => (
                <div key={key} className="profile-row" data-testid={`profile-${key}`}>
                  <dt className="profile-row__label">{label}</dt>
                  <dd className="profile-row__value">{value}</dd>
                </div>
              ))}
            </dl>
          </TitledSection>
          <TitledSection
            id="profile-details"
            title={t('account.profile.details')}
            className="profile-section"
          >
            <EditRow
              name="contact"
              label={t('account.profile.contact')}
              value={data.contact}
              rule={rules.contactName}
              maxLength={10}
              onSave={async (contact) => {
                await saveContact.mutateAsync({ contact });
                saved();
              }}
            />
            <LinkRow
              to="/sendSms"
              testId="profile-mobile"
              label={t('account.profile.mobile')}
              value={data.phone || t('account.profile.notSet')}
              empty={!data.phone}
            />
            <EditRow
              name="email"
              label={t('account.profile.email')}
              value={data.email}
              rule={rules.email}
              type="email"
              inputMode="email"
              maxLength={100}
              onSave={async (email) => {
                await saveEmail.mutateAsync({ email });
                saved();
              }}
            />
            {role === 1 ? (
              <LinkRow
                to="/upregion"
                testId="profile-region"
                label={t('account.profile.region')}
                value={region.data?.region || t('account.profile.notSet')}
                empty={!region.data?.region}
              />
            ) : (
              <EditRow
                name="area"
                label={t('account.profile.area')}
                value={data.area}
                rule={rules.region}
                maxLength={50}
                onSave={async (area) => {
                  await saveArea.mutateAsync({ area });
                  saved();
                }}
              />
            )}
            <EditRow
              name="address"
              label={t('account.profile.address')}
              value={data.address}
              rule={rules.address}
              maxLength={100}
              onSave={async (address) => {
                await saveAddress.mutateAsync({ address });
                saved();
              }}
            />
          </TitledSection>
          {role === 1 && own.data && <ReminderSmsSwitch on={own.data.reminder_sms} phone={own.data.phone} />}
        </>
      )}
    </div>
  );
};
