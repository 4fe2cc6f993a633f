import { api, CardTypes } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { agentReads } from '../../api/changes.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { AccountSummary } from '../../components/account-summary.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { RecordPage } from '../../components/record-page.tsx';
import { StatGrid } from '../../components/stat-grid.tsx';
import { showToast } from '../../components/toast.ts';
import { putChoice } from '../../lib/choice.ts';
import { formatDate } from '../../lib/dates.ts';
import { AgentEditForms } from './agent-edit-forms.tsx';
import { CardSwitchChips } from './card-switch-chips.tsx';

type Switch = Record<string, number | string>;

/** /agentDetail?id=: a sub-agent's profile, balances, card switch and companies, with its edit forms. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useEndpointQuery(api.agent.detail, { id }, { enabled: id > 0 });
  const mine = useCardSwitch();
  const [cards, setCards] = useState<Switch>({});
  useEffect(() => {
    if (detail.data) setCards(detail.data.card_switch);
  }, [detail.data]);
  const a = detail.data;
  const missing = !(id > 0) || (detail.isError && !a);
  const updateSwitch = useEndpointMutation(api.agent.updateAgent, { invalidates: agentReads });

  const saveSwitch = async (next: Switch) => {
    setCards(next);
    try {
      const flags = Object.fromEntries(CardTypes.map((c) => [c.field, String(next[c.field] ?? 0)]));
      await updateSwitch.mutateAsync({ id, ...flags } as never);
      showToast(t('manage.saved'));
    } catch {
      if (detail.data) setCards(detail.data.card_switch);
    }
  };

  return (
    <RecordPage
      testId="agent-detail"
      title={t('manage.agentDetail')}
      read={{ record: a, missing }}
      lines={6}
      boxed
    >
      {(a) => (
        <>
          <AccountSummary
            name={a.name}
            account={a.account}
            facts={[
              [t('manage.contact'), a.contact],
              [t('manage.mobile'), a.phone || '—'],
              [t('manage.emailLabel'), a.email || '—'],
              [t('manage.parent'), a.parent_name || '—'],
              [t('manage.createdAt'), formatDate(a.created_at, i18n.language)],
            ]}
          />
          <section className="section">
            <h2 className="section__title">{t('manage.balances')}</h2>
            <StatGrid
              label={t('manage.balances')}
              items={CardTypes.filter((c) => a.card_switch[c.field] === 1).map((c) => ({
                key: c.key,
                label: t(`card.${c.key}`),
                value: a[c.field],
                testId: `balance-${c.key}`,
              }))}
            />
            {CardTypes.every((c) => a.card_switch[c.field] !== 1) && (
              <p className="item-meta">{t('manage.noCardsOn')}</p>
            )}
            {/* Selling to this agent or taking cards back starts here, with the agent already chosen. */}
            <div className="chips" style={{ marginTop: 16 }}>
              {(['sell', 'recycle'] as const).map((mode) => (
                <Link
                  key={mode}
                  to={`/salesAdd?mode=${mode}`}
                  className="chip chip--link"
                  data-testid={`agent-${mode}`}
                  onClick={() => putChoice('agent', { id: a.id, name: a.name })}
                >
                  {t(mode === 'sell' ? 'manage.sellTo' : 'manage.recycleFrom')}
                </Link>
              ))}
            </div>
          </section>
          <section className="section section--switch">
            <CardSwitchChips allowed={mine.data} value={cards} onChange={(next) => void saveSwitch(next)} />
          </section>
          <section className="section section--flush">
            <h2 className="section__title">{t('manage.orgsOf')}</h2>
            <PagedList
              endpoint={api.agent.orgs}
              params={{ id }}
              empty={t('manage.noOrgsOfAgent')}
              rowKey={(o) => o.id}
              item={(o) => (
                <Link to={`/orgDetail?id=${o.id}`} className="row">
                  <span className="row__label">
                    {o.corg_name}
                    <br />
                    <span className="item-meta">{t('manage.users', { count: o.user_count })}</span>
                  </span>
                  <RightOutline aria-hidden className="row__arrow" />
                </Link>
              )}
            />
          </section>
          <AgentEditForms agent={a} />
        </>
      )}
    </RecordPage>
  );
};
