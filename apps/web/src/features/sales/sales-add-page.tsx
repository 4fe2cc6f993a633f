import { api, CardTypes, cardByCode, isSubAgentPath, rules } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { balanceReads } from '../../api/changes.ts';
import { useAgentBalance } from '../../api/queries/use-agent-balance.ts';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';
import { readChoice } from '../../lib/choice.ts';
import { ruleError } from '../../lib/rules.ts';
import { type Mode, SaleFields } from './sale-fields.tsx';

/** /salesAdd: sell cards to a sub-agent, or take them back (SPEC §5 sales and recycling rules). */
export const Component = () => {
  const { t } = useTranslation();
  const me = useAgentInfo();
  const cardSwitch = useCardSwitch();
  const [mode, setMode] = useState<Mode>('sell');
  const [cardType, setCardType] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('');
  const [payPwd, setPayPwd] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();
  const agent = readChoice('agent');
  const theirs = useAgentBalance(agent?.id);
  const sell = useEndpointMutation(api.agent.blanceAdd, { invalidates: balanceReads });
  const recycle = useEndpointMutation(api.agent.cardRecovery, { invalidates: balanceReads });

  // Sub-agents make no sales (SPEC §6): their tab bar opens the record, and so does this path.
  if (me.data && isSubAgentPath(me.data.path)) return <Navigate to="/salesRecord" replace />;

  const card = cardType === null ? undefined : cardByCode(cardType);
  const mine = card && me.data ? me.data[card.field] : 0;
  const held = card && theirs.data ? theirs.data[card.field] : 0;
  const cardName = card ? t(`card.${card.key}`) : '';

  const submit = async () => {
    const next = {
      agent: agent ? null : 'selectAgent',
      cardType: card ? null : 'selectCardType',
      quantity: ruleError(mode === 'sell' ? rules.saleQuantity(mine) : rules.recycleQuantity(held), quantity),
      payPwd: me.data?.has_pay_pwd ? ruleError(rules.cardPwd, payPwd) : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !agent || !card) return;
    const count = Number(quantity);
    const texts = { count, card: cardName, agent: agent.name };
    if (mode === 'recycle') {
      const ok = await confirm(t('sales.confirmRecycle', texts), t('sales.recycle'), t('sales.cancel'));
      if (!ok) return;
    }
    setBusy(true);
    try {
      await (mode === 'sell' ? sell : recycle).mutateAsync({
        agentId: agent.id,
        cardType: card.code,
        quantity: count,
        payPwd: payPwd || undefined,
      });
      showToast(t(mode === 'sell' ? 'sales.sold' : 'sales.recycled', texts));
      setQuantity('');
      setPayPwd('');
    } catch {
      // The client has shown the server's message; the form keeps its values.
    } finally {
      setBusy(false);
    }
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
      <section className="section">
        <SaleFields
          mode={mode}
          onMode={(m) => {
            setMode(m);
            setErrors({});
          }}
          agentName={agent?.name}
          cards={CardTypes.filter((c) => cardSwitch.data?.[c.field] === 1)}
          cardType={cardType}
          onCardType={(code) => {
            setCardType(code);
            setErrors((e) => ({ ...e, cardType: null, quantity: null }));
          }}
          balanceHint={
            card
              ? mode === 'sell'
                ? t('sales.myBalance', { count: mine })
                : t('sales.theirBalance', { count: held, agent: agent?.name ?? '' })
              : undefined
          }
          quantity={quantity}
          onQuantity={setQuantity}
          payPwd={me.data?.has_pay_pwd ? payPwd : undefined}
          onPayPwd={setPayPwd}
          errors={errors}
        />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="sale-submit"
          loading={busy}
          disabled={locked || busy}
          onClick={guard(() => void submit())}
        >
          {t(mode === 'sell' ? 'sales.submitSell' : 'sales.submitRecycle')}
        </Button>
      </section>
    </div>
  );
};
