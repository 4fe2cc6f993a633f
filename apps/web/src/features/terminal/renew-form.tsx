import { api, CardTypes, cardByCode, rules } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { CardBalance, confirmSpend, useCardBalance } from '../../components/card-spend.tsx';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { readSelection } from './selection.ts';

/** Functions that can be activated per user: VIP is a user type, not a function. */
const functionCards = CardTypes.filter((c) => c.code !== 7);

interface Props {
  /** Fixed function (location); without it the user picks one the card switch allows. */
  cardType?: number;
}

/** Activates or renews one function for the users chosen in the list, one card per user. */
export const RenewForm = ({ cardType: fixed }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [users] = useState(readSelection);
  const form = useRuleForm<{ card: number | undefined }>({ card: fixed });
  const { errors } = form;
  const addService = useEndpointMutation(api.terminal.addService, {
    invalidates: [...terminalReads, ...balanceReads],
  });
  const allowed = useCardSwitch(getLoginInfo()?.role === 0).data;
  const cards = functionCards.filter((c) => !allowed || allowed[c.field] === 1);

  const ids = users.map((u) => u.id);
  const balance = useCardBalance(form.values.card);
  // One card per user: the agent sees what it takes from his balance before anything is spent.
  const ask = async ({ card }: { card: number | undefined }) => {
    const type = card === undefined ? undefined : cardByCode(card);
    if (!type) return false;
    const question = t('terminal.confirmRenew', { count: users.length, card: t(`card.${type.key}`) });
    return confirmSpend(t, question, { cost: users.length, balance }, t('terminal.confirm'));
  };
  const submit = async ({ card }: { card: number | undefined }) => {
    if (card === undefined) return;
    const res = await addService.mutateAsync({ ids: ids.join(','), cardType: card });
    showToast(t('terminal.renewed', res));
    navigate(users.length === 1 ? `/userDetail?id=${users[0]?.id}` : '/userList', { replace: true });
  };
  const parts = ({ card }: { card: number | undefined }): RulePart[] => [
    [rules.idList('selectUser'), ids, 'users'],
    [rules.cardType, card, 'card'],
  ];

  return (
    <form className="section" noValidate onSubmit={form.submit(submit, parts, ask)}>
      <Field id="renew-users" label={t('terminal.users')} error={errors.users}>
        <div id="renew-users" className="chips" style={{ padding: '8px 0' }}>
          {users.length === 0 && (
            <Link to="/userList" className="chip chip--link">
              {t('terminal.chooseUsers')}
            </Link>
          )}
          {users.map((u) => (
            <span key={u.id} className="chip chip--static">
              {u.name} · {u.ssid}
            </span>
          ))}
        </div>
      </Field>
      {fixed === undefined && (
        <Field id="renew-card" label={t('terminal.cardType')} error={errors.card}>
          <div id="renew-card" className="chips" style={{ padding: '8px 0' }}>
            {cards.map((c) => (
              <button
                key={c.code}
                type="button"
                className="chip"
                data-testid={`renew-card-${c.key}`}
                aria-pressed={form.values.card === c.code}
                onClick={() => form.set('card')(c.code)}
              >
                {t(`card.${c.key}`)}
              </button>
            ))}
          </div>
        </Field>
      )}
      <p className="item-meta">{t('terminal.oneCardEach')}</p>
      <CardBalance cardType={form.values.card} testId="renew-balance" />
      <SubmitButton
        busy={form.busy}
        locked={form.locked}
        testId="renew-submit"
        text={t(fixed === undefined ? 'terminal.submitRenew' : 'terminal.submitLocation', {
          count: users.length,
        })}
      />
    </form>
  );
};
