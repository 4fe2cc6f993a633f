import { api, isSubAgentPath } from '@ptt/contract';
import {
  ClockCircleOutline,
  EnvironmentOutline,
  FileOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useOrgInfo } from '../../api/queries/use-org-info.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { confirm } from '../../components/confirm.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RowLink } from '../../components/row-link.tsx';
import { TitledSection } from '../../components/titled-section.tsx';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';
import { initialOf } from '../../lib/format.ts';
import { clearLoginInfo, getLoginInfo } from '../../lib/storage.ts';
import { forgetPushSubscription } from '../../lib/web-push.ts';
import { AlarmPushSwitch } from './alarm-push-switch.tsx';
import { FenceAlarmStyleSelect, SosAlarmStyleSelect } from './alarm-style-select.tsx';
import { MainBalances } from './main-balances.tsx';
import './main-page.css';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  extra?: string;
}

/**
 * /main, the personal center: who is signed in (name, account, role), an agent's card balances, the
 * account screens, the language and log out.
 */
export const Component = () => {
  const { t } = useTranslation();
  const logOut = useEndpointMutation(api.auth.logout, { call: { toast: false } });
  const navigate = useNavigate();
  const role = getLoginInfo()?.role ?? 0;
  const agent = useAgentInfo(role === 0);
  const org = useOrgInfo(role === 1);
  const region = useEndpointQuery(api.org.getRegion, {}, { enabled: role === 1 });
  const { locked, guard } = useDoubleClickGuard();

  const name = role === 0 ? agent.data?.name : org.data?.corg_name;
  const account = role === 0 ? agent.data?.account : org.data?.account;
  const roleText =
    role === 1
      ? t('account.center.org')
      : agent.data && isSubAgentPath(agent.data.path)
        ? t('account.center.subAgent')
        : t('account.center.topAgent');

  const entries: Entry[] = [
    {
      to: role === 0 ? '/individualUser' : '/orgUser',
      label: t(role === 0 ? 'account.center.profile' : 'account.center.orgProfile'),
      icon: <UserOutline />,
      testId: 'link-profile',
    },
    {
      to: '/changePwd',
      label: t('account.center.changePwd'),
      icon: <LockOutline />,
      testId: 'link-change-pwd',
    },
    ...(role === 0
      ? [
          {
            to: '/changePayPwd',
            label: t('account.center.payPwd'),
            icon: <PayCircleOutline />,
            testId: 'link-pay-pwd',
            extra: agent.data
              ? t(agent.data.has_pay_pwd ? 'account.center.payPwdSet' : 'account.center.payPwdNotSet')
              : undefined,
          },
          {
            to: '/cardThresholds',
            label: t('renewal.thresholds.title'),
            icon: <ClockCircleOutline />,
            testId: 'link-thresholds',
          },
        ]
      : [
          {
            to: '/upregion',
            label: t('account.center.region'),
            icon: <EnvironmentOutline />,
            testId: 'link-region',
            extra: region.data ? region.data.region || t('account.center.payPwdNotSet') : undefined,
          },
        ]),
    { to: '/audit', label: t('audit.menu'), icon: <FileOutline />, testId: 'link-audit' },
    {
      to: '/feedback',
      label: t('account.center.feedback'),
      icon: <MessageOutline />,
      testId: 'link-feedback',
    },
    { to: '/about', label: t('main.about'), icon: <InformationCircleOutline />, testId: 'link-about' },
  ];

  const logout = async () => {
    const ok = await confirm(t('account.center.logoutConfirm'), t('main.logout'), t('account.center.cancel'));
    if (!ok) return;
    // The session ends on the server too; the page leaves even if that call fails.
    await logOut.mutateAsync({}).catch(() => undefined);
    // The server forgets the account's alarm subscriptions at logout: this phone forgets its own too.
    await forgetPushSubscription();
    clearLoginInfo();
    navigate('/', { replace: true });
  };

  return (
    <div className="main-page" data-testid="main-page">
      <PageHeader title={t('main.title')} backTo="/home" />
      <main>
        <section className="section account-card" aria-busy={name === undefined} data-testid="main-account">
          <span className="avatar account-card__avatar" aria-hidden>
            {initialOf(name)}
          </span>
          <div className="account-card__text">
            <h2 className="account-card__name">{name ?? '\u00a0'}</h2>
            <p className="account-card__meta">
              <span className="account-card__role">{roleText}</span>
              {account && <span>{`${t('main.account')}: ${account}`}</span>}
            </p>
          </div>
        </section>
        {role === 0 && <MainBalances agent={agent.data} />}
        <TitledSection id="main-links-title" title={t('account.center.links')} className="settings">
          <ul className="rows">
            {entries.map((entry) => (
              <li key={entry.to}>
                <RowLink to={entry.to} label={entry.label} icon={entry.icon} testId={entry.testId}>
                  {entry.extra && <span className="item-meta">{entry.extra}</span>}
                </RowLink>
              </li>
            ))}
          </ul>
        </TitledSection>
        <TitledSection id="settings-title" title={t('main.settings')} className="settings">
          <div className="settings__row">
            <span>{t('lang.label')}</span>
            <LanguageSwitch />
          </div>
          <SosAlarmStyleSelect />
          <FenceAlarmStyleSelect />
          <AlarmPushSwitch />
        </TitledSection>
        <div className="main-page__actions">
          <button
            type="button"
            className="btn btn--block main-page__logout"
            data-testid="logout"
            disabled={locked}
            onClick={guard(() => void logout())}
          >
            {t('main.logout')}
          </button>
        </div>
      </main>
    </div>
  );
};
