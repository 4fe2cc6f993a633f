import { cardByCode } from '@ptt/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAgentInfo } from '../api/queries/use-agent-info.ts';
import { confirm } from './confirm.ts';

/** The signed-in agent's balance of one card type, or undefined while it loads (or for a company). */
export const useCardBalance = (cardType: number | undefined, enabled = true) => {
  const me = useAgentInfo(enabled).data;
  const card = cardType === undefined ? undefined : cardByCode(cardType);
  return me && card ? me[card.field] : undefined;
};

/** "Your Voice balance: 983" under a form that spends that card. */
export const CardBalance = ({ cardType, testId }: { cardType: number | undefined; testId?: string }) => {
  const { t } = useTranslation();
  const balance = useCardBalance(cardType);
  const card = cardType === undefined ? undefined : cardByCode(cardType);
  if (balance === undefined || !card) return null;
  return (
    <p className="field__hint" data-testid={testId}>
      {t('common.cardBalance', { card: t(`card.${card.key}`), count: balance })}
    </p>
  );
};

/**
 * Asks before an action spends cards: what it does, then the balance it leaves ("Your balance:
 * 983 → 883"). Without a known balance it asks the question alone.
 */
export const confirmSpend = (
  t: TFunction,
  question: string,
  spend: { cost: number; balance: number | undefined },
  confirmText: string,
) =>
  confirm(
    spend.balance === undefined
      ? question
      : `${question}\n${t('common.balanceChange', { before: spend.balance, after: spend.balance - spend.cost })}`,
    confirmText,
    t('common.cancel'),
  );
