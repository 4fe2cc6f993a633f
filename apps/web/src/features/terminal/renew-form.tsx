import { api, CardTypes, cardByCode, type DataOf, functionOfCard, rules, UserType } from '@ptt/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { CardBalance, confirmSpend, useCardBalance } from '../../components/card-spend.tsx';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { expiryKind } from './expiry.ts';
import { type Picked, putSelection, readSelection } from './selection.ts';

/** Functions that can be activated per user: VIP is a user type, not a function. */
const functionCards = CardTypes.filter((c) => c.code !== 7);

type Current = DataOf<typeof api.terminal.selected>['list'][number];

/** A VIP user's permanent function takes no card and is not renewed (the server skips it too). */
const isPermanentFor = (u: Current | undefined, card: number) => {
  const fn = functionOfCard[card];
  return Boolean(u && fn && u.user_type === UserType.vip && expiryKind(u.expiries[fn]) === 'permanent');
};

interface Props {
  /** Fixed function (location); without it the user picks one the card switch allows. */
  cardType?: number;
}

/** Activates or renews one function for the users chosen in the list, one card per user. */
export const RenewForm = ({ cardType: fixed }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [users, setUsers] = useState(readSelection);
  // Users deleted since they were chosen: dropped from the choice, named once.
  const [gone, setGone] = useState<Picked[]>([]);
  const form = useRuleForm<{ card: number | undefined }>({ card: fixed });
  const { errors } = form;
  const addService = useEndpointMutation(api.terminal.addService, {
    invalidates: [...terminalReads, ...balanceReads],
  });
  const allowed = useCardSwitch(getLoginInfo()?.role === 0).data;
  const cards = functionCards.filter((c) => !allowed || allowed[c.field] === 1);

  const ids = users.map((u) => u.id);
  // The choice as it is now on the server: read when the page opens and again before the question.
  const current = useEndpointQuery(
    api.terminal.selected,
    { ids: ids.join(',') },
    { enabled: ids.length > 0, staleTime: 0 },
  );
  const chosen = useRef(users);
  chosen.current = users;
  const keepExisting = (rows: Current[]): Picked[] => {
    const here = new Map(rows.map((r) => [r.id, r]));
    const kept = chosen.current.filter((u) => here.has(u.id));
    const dropped = chosen.current.filter((u) => !here.has(u.id));
    if (dropped.length > 0) {
      putSelection(kept);
      setUsers(kept);
      setGone((before) => [...before, ...dropped]);
    }
    return kept;
  };
  // keepExisting reads the choice through a ref: only a new answer re-runs this.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keepExisting is a fresh closure each render
  useEffect(() => {
    if (current.data) keepExisting(current.data.list);
  }, [current.data]);

  const byId = new Map((current.data?.list ?? []).map((r) => [r.id, r]));
  /** The users a card renews: a VIP user's permanent function is left out. */
  const dueFor = (card: number | undefined, list: Picked[] = users) =>
    card === undefined ? list : list.filter((u) => !isPermanentFor(byId.get(u.id), card));
  const permanentEverywhere = (card: number) =>
    users.length > 0 && current.data !== undefined && dueFor(card).length === 0;
  const due = dueFor(form.values.card);
  const balance = useCardBalance(form.values.card);

  // One card per user it renews: the agent sees what it takes from his balance before anything is spent,
  // and the choice is read again first, so a user deleted since is left out instead of failing them all.
  const ask = async ({ card }: { card: number | undefined }) => {
    const type = card === undefined ? undefined : cardByCode(card);
    if (!type) return false;
    const fresh = await current.refetch();
    if (!fresh.data) return false;
    const kept = keepExisting(fresh.data.list);
    const rows = new Map(fresh.data.list.map((r) => [r.id, r]));
    const renewing = kept.filter((u) => !isPermanentFor(rows.get(u.id), type.code));
    if (kept.length === 0) {
      form.setError('users', 'selectUser');
      return false;
    }
    if (renewing.length === 0) {
      form.setError('users', { text: t('terminal.allPermanent') });
      return false;
    }
    const question = t('terminal.confirmRenew', { count: renewing.length, card: t(`card.${type.key}`) });
    const skipped = kept.length - renewing.length;
    return confirmSpend(
      t,
      skipped > 0 ? `${question} ${t('terminal.permanentSkipped', { count: skipped })}` : question,
      { cost: renewing.length, balance },
      t('terminal.confirm'),
    );
  };
  const submit = async ({ card }: { card: number | undefined }) => {
    if (card === undefined) return;
    const list = chosen.current;
    const res = await addService.mutateAsync({ ids: list.map((u) => u.id).join(','), cardType: card });
    showToast(t('terminal.renewed', res));
    navigate(list.length === 1 ? `/userDetail?id=${list[0]?.id}` : '/userList', { replace: true });
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
            <span key={u.id} className="chip chip--static" data-testid={`renew-user-${u.id}`}>
              {u.name} · {u.ssid}
              {form.values.card !== undefined && isPermanentFor(byId.get(u.id), form.values.card) && (
                <> · {t('terminal.permanent')}</>
              )}
            </span>
          ))}
        </div>
        {gone.length > 0 && (
          <p className="field__hint" role="status" data-testid="renew-gone">
            {t('terminal.leftOut', { count: gone.length, names: gone.map((u) => u.name).join(', ') })}
          </p>
        )}
      </Field>
      {fixed === undefined && (
        <Field id="renew-card" label={t('terminal.cardType')} error={errors.card}>
          <div id="renew-card" className="chips" style={{ padding: '8px 0' }}>
            {cards.map((c) => {
              // A function every chosen user has for good is shown as such, not offered.
              const permanent = permanentEverywhere(c.code);
              return (
                <button
                  key={c.code}
                  type="button"
                  className="chip"
                  data-testid={`renew-card-${c.key}`}
                  aria-pressed={form.values.card === c.code}
                  disabled={permanent}
                  onClick={() => form.set('card')(c.code)}
                >
                  {t(`card.${c.key}`)}
                  {permanent && <> · {t('terminal.permanent')}</>}
                </button>
              );
            })}
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
          count: due.length,
        })}
      />
    </form>
  );
};
