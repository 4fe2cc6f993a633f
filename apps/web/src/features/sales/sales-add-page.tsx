import { api, CardTypes, cardByCode, isSubAgentPath, rules } from '@ptt/contract';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { balanceReads } from '../../api/changes.ts';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useSubAgent } from '../../api/queries/use-sub-agent.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { confirmSpend } from '../../components/card-spend.tsx';
import { confirm } from '../../components/confirm.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { readChoice } from '../../lib/choice.ts';
import { type Mode, SaleFields, type SaleValues } from './sale-fields.tsx';

const modeOf = (m: string | null): Mode => (m === 'recycle' || m === 'return' ? m : 'sell');

/**
 * /salesAdd: sell cards to a sub-agent, take them back (SPEC §5 sales and recycling rules), or give back
 * cards taken back from it (the server bounds a return by what it took back).
 */
export const Component = () => {
  const { t } = useTranslation();
  const me = useAgentInfo();
  const cardSwitch = useCardSwitch();
  const [search] = useSearchParams();
  const form = useRuleForm<SaleValues>({
    mode: modeOf(search.get('mode')),
    cardType: null,
    quantity: '',
    payPwd: '',
  });
  const { mode, cardType } = form.values;
  const agent = readChoice('agent');
  const theirs = useSubAgent(agent?.id);
  const sell = useEndpointMutation(api.agent.blanceAdd, { invalidates: balanceReads });
  const recycle = useEndpointMutation(api.agent.cardRecovery, { invalidates: balanceReads });
  const giveBack = useEndpointMutation(api.agent.returnCards, { invalidates: balanceReads });
  const checkPwd = useEndpointMutation(api.jsp.checkPwd);

  const card = cardType === null ? undefined : cardByCode(cardType);
  // A return is bounded by what was taken back from this agent and not given back yet: read before the
  // question, so that too many is refused under the field, not after the confirmation.
  const returnable = useEndpointQuery(
    api.agent.returnable,
    { agentId: agent?.id ?? 0, cardType: card?.code ?? 0 },
    { enabled: mode === 'return' && Boolean(agent && card) },
  );
  const open = mode === 'return' && card ? returnable.data?.count : undefined;

  // Sub-agents make no sales (SPEC §6): their tab bar opens the record, and so does this path.
  if (me.data && isSubAgentPath(me.data.path)) return <Navigate to="/salesRecord" replace />;

  const mine = card && me.data ? me.data[card.field] : 0;
  const held = card && theirs.data ? theirs.data[card.field] : 0;
  const cardName = card ? t(`card.${card.key}`) : '';

  const parts = (v: SaleValues): RulePart[] => [
    [rules.idList('selectAgent'), agent ? [agent.id] : [], 'agent'],
    [rules.cardType, v.cardType, 'cardType'],
    // The limit comes from the chosen card's balance: another card clears the quantity's message.
    [
      v.mode === 'recycle' ? rules.recycleQuantity(held) : rules.saleQuantity(mine),
      v.quantity,
      'quantity',
      ['cardType'],
    ],
    ...(v.mode === 'return'
      ? [[rules.returnQuantity(open), v.quantity, 'quantity', ['cardType']] as const]
      : []),
    ...(me.data?.has_pay_pwd ? [[rules.cardPwd, v.payPwd, 'payPwd'] as const] : []),
  ];

  /** The quantity as the rules read it (digits only, full-width digits as digits); checked before. */
  const countOf = (quantity: string) => rules.saleQuantity().parse(quantity);

  // Cards move only once the agent has seen what moves and what it leaves: his balance on a sale,
  // the other agent's on a recycling.
  const confirmMove = async ({ mode, quantity, payPwd }: SaleValues) => {
    // A wrong service card password is told before the question is asked (DESIGN §4: checkPwd).
    if (me.data?.has_pay_pwd) {
      try {
        await checkPwd.mutateAsync({ payPwd });
      } catch {
        return false; // The client has shown the server's message.
      }
    }
    const count = countOf(quantity);
    const texts = { count, card: cardName, agent: agent?.name ?? '' };
    if (mode === 'return')
      return confirmSpend(
        t,
        t('sales.confirmReturn', texts),
        { cost: count, balance: mine },
        t('sales.return'),
      );
    return mode === 'sell'
      ? confirmSpend(t, t('sales.confirmSell', texts), { cost: count, balance: mine }, t('sales.sell'))
      : confirm(
          `${t('sales.confirmRecycle', texts)}\n${t('sales.theirBalanceChange', { ...texts, before: held, after: held - count })}`,
          t('sales.recycle'),
          t('sales.cancel'),
        );
  };

  // A refused call keeps the values; the client has shown the server's message.
  const submit = async ({ quantity, payPwd }: SaleValues) => {
    if (!agent || !card) return;
    const count = countOf(quantity);
    const texts = { count, card: cardName, agent: agent.name };
    await { sell, recycle, return: giveBack }[mode].mutateAsync({
      agentId: agent.id,
      cardType: card.code,
      quantity: count,
      payPwd: payPwd || undefined,
    });
    showToast(
      t(({ sell: 'sales.sold', recycle: 'sales.recycled', return: 'sales.returned' } as const)[mode], texts),
    );
    form.setValues((v) => ({ ...v, quantity: '', payPwd: '' }));
  };

  return (
    <div className="page" data-testid="sales-add">
      <PageHeader
        title={t('sales.title')}
        right={
          <Link to="/salesRecord" className="page-header__back" aria-label={t('sales.record')}>
            <UnorderedListOutline />
          </Link>
        }
      />
      <form className="section" noValidate onSubmit={form.submit(submit, parts, confirmMove)}>
        <SaleFields
          form={form}
          agentName={agent?.name}
          cards={CardTypes.filter(
            (c) =>
              cardSwitch.data?.[c.field] === 1 &&
              // A sale offers only what the buyer's switch lets him hold; a recycling takes back any he
              // holds, and a return gives back any taken back from him.
              (mode !== 'sell' || !theirs.data || theirs.data.card_switch[c.field] === 1),
          )}
          balanceHint={
            card
              ? mode === 'recycle'
                ? t('sales.theirBalance', { count: held, agent: agent?.name ?? '' })
                : mode === 'return' && open !== undefined
                  ? `${t('sales.myBalance', { count: mine })} · ${t('sales.returnable', { count: open, agent: agent?.name ?? '' })}`
                  : // A sale shows what the buyer holds beside what the seller has.
                    theirs.data
                    ? `${t('sales.myBalance', { count: mine })} · ${t('sales.theirBalance', { count: held, agent: agent?.name ?? '' })}`
                    : t('sales.myBalance', { count: mine })
              : undefined
          }
          askPayPwd={Boolean(me.data?.has_pay_pwd)}
        />
        <SubmitButton
          busy={form.busy}
          locked={form.locked}
          testId="sale-submit"
          text={t(
            (
              {
                sell: 'sales.submitSell',
                recycle: 'sales.submitRecycle',
                return: 'sales.submitReturn',
              } as const
            )[mode],
          )}
        />
      </form>
    </div>
  );
};
