import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { orgReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { AccountSummary } from '../../components/account-summary.tsx';
import { confirm } from '../../components/confirm.ts';
import { RecordPage } from '../../components/record-page.tsx';
import { ReminderSmsSwitch } from '../../components/reminder-sms-switch.tsx';
import { RowLink } from '../../components/row-link.tsx';
import { StatGrid } from '../../components/stat-grid.tsx';
import { showToast } from '../../components/toast.ts';
import { formatDate } from '../../lib/dates.ts';
import { fenceListLink, fenceServerType } from '../../lib/fence-server.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { ChangeAgent } from './change-agent.tsx';
import { OrgEditForms } from './org-edit-forms.tsx';
import { OrgToggles } from './org-toggles.tsx';

/** /orgDetail?id=: a company's profile, counts, service toggles, servers, edits, password and deletion. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const info = useEndpointQuery(api.org.info, { id }, { enabled: id > 0 });
  const o = info.data;
  const missing = !(id > 0) || (info.isError && !o);
  // The detail carries the same server list as GET /v1/org/getAssemblyUrl; no second request for it.
  const fenceLink = o ? fenceListLink(o.servers, o.id) : null;
  // The company as the scope of another screen's list (its users, renewals, reports, audit).
  const scope = o ? `orgId=${o.id}&orgName=${encodeURIComponent(o.corg_name)}` : '';
  // Everything counting companies changes; this screen's own queries would only find it gone.
  const removal = useEndpointMutation(api.org.deletingUnit, {
    invalidates: orgReads,
    deletes: (p) => ({ id: p.id, endpoints: [api.org.info, api.org.getRegion] }),
  });
  const remove = async () => {
    if (!o) return;
    // A company with users cannot go (the server refuses it): say so with the count, and lead to them.
    if (o.user_count > 0) {
      const toUsers = await confirm(
        t('manage.deleteHasUsers', { name: o.corg_name, count: o.user_count }),
        t('manage.showUsers'),
        t('manage.cancel'),
      );
      if (toUsers) navigate(`/userList?${scope}`);
      return;
    }
    const ok = await confirm(
      t('manage.confirmDelete', { name: o.corg_name, groups: o.group_count }),
      t('manage.delete'),
      t('manage.cancel'),
    );
    if (!ok) return;
    try {
      await removal.mutateAsync({ id });
      showToast(t('manage.deleted', { name: o.corg_name }));
      navigate('/orgList', { replace: true });
    } catch {
      // The client has shown the server's message (e.g. the company still has users).
    }
  };
  return (
    <RecordPage
      testId="org-detail"
      title={t('manage.orgDetail')}
      read={{ record: o, missing }}
      lines={6}
      boxed
    >
      {(o) => (
        <>
          <AccountSummary
            name={o.corg_name}
            account={o.account}
            facts={[
              [t('manage.contact'), o.contact],
              [t('manage.mobile'), o.phone || '—'],
              [t('manage.region2'), o.region || '—'],
              [t('manage.agentOf'), o.agent_name],
              [t('manage.createdAt'), formatDate(o.created_at, i18n.language)],
            ]}
          />
          <section className="section">
            <StatGrid
              label={t('manage.counts')}
              items={[
                { key: 'groups', label: t('manage.groupCount'), value: o.group_count, testId: 'org-groups' },
                { key: 'users', label: t('manage.userCount'), value: o.user_count, testId: 'org-users' },
              ]}
            />
          </section>
          <section className="section section--menu">
            <RowLink to={`/expiring?${scope}`} label={t('renewal.openFromOrg')} testId="org-expiring" />
            <RowLink to={`/reports?${scope}`} label={t('report.openFromOrg')} testId="org-report" />
            <RowLink to={`/audit?${scope}`} label={t('audit.openFromOrg')} testId="org-audit" />
          </section>
          <OrgToggles id={id} toggles={o.toggles} onSaved={() => info.refetch()} />
          <ReminderSmsSwitch id={o.id} on={o.reminder_sms} phone={o.phone} />
          <section className="section">
            <h2 className="section__title">{t('manage.servers')}</h2>
            {o.servers.length === 0 && <p className="item-meta">{t('manage.noServers')}</p>}
            <ul className="rows">
              {o.servers.map((srv) => (
                <li key={`${srv.server_type}-${srv.intranet_ip}-${srv.intranet_port}`} className="row">
                  <span className="row__label">
                    {srv.server_type === fenceServerType ? t('manage.fenceServer') : srv.server_type}
                  </span>
                  {srv.server_type === fenceServerType && fenceLink ? (
                    <a
                      className="item-meta"
                      href={fenceLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="fence-server-link"
                    >
                      {fenceLink}
                    </a>
                  ) : (
                    <span className="item-meta">
                      {srv.intranet_ip}:{srv.intranet_port}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <OrgEditForms org={o} />
          <div className="detail-actions">
            <ChangeAgent org={o} enabled={getLoginInfo()?.role === 0} />
            <button
              type="button"
              className="btn btn--block btn--danger"
              data-testid="org-delete"
              onClick={() => void remove()}
            >
              {t('manage.delete')}
            </button>
          </div>
        </>
      )}
    </RecordPage>
  );
};
