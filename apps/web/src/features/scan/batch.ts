import { api, cardByCode, UserType } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { ApiError } from '../../api/client.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirmSpend, useCardBalance } from '../../components/card-spend.tsx';
import { type RulePart, ruleErrors } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import type { ScanState } from './scan-store.ts';

type BatchFields = Pick<ScanState, 'userType' | 'org' | 'prefix'>;

/** The fields of the batch form, named as the batch endpoint's parameters (`orgId` is the company field). */
const fieldOf = (path: string | undefined) => (path === 'orgId' ? 'org' : (path ?? 'prefix'));

/**
 * SPEC §5, by the batch endpoint's own rule: a user type, a company and a nickname prefix (2–12) before
 * any SSID is sent. Its issues land on the form's three fields.
 */
export const batchRule = (s: BatchFields): RulePart => [
  api.terminal.batch.params.pick({ userType: true, orgId: true, prefix: true }),
  { userType: s.userType ?? undefined, orgId: s.org?.id, prefix: s.prefix },
  fieldOf,
];

/** True when the batch's fields pass its rule (the confirmation page needs no messages). */
export const batchReady = (s: BatchFields): boolean => {
  const [schema, subject] = batchRule(s);
  return Object.keys(ruleErrors(schema, subject)).length === 0;
};

/** The card each new user takes from the agent's balance: a VIP card for a VIP user, else a voice card. */
export const cardOfUserType = (userType: number | null) =>
  userType === null ? undefined : userType === UserType.vip ? 7 : 0;

/** Asks before a batch spends its cards: how many users, which card, the balance it leaves. */
export const useConfirmBatch = (userType: number | null) => {
  const { t } = useTranslation();
  const cardType = cardOfUserType(userType);
  const balance = useCardBalance(cardType);
  return (count: number) => {
    const card = cardType === undefined ? undefined : cardByCode(cardType);
    if (!card) return Promise.resolve(false);
    const question = t('scan.confirmCreate', { count, card: t(`card.${card.key}`) });
    return confirmSpend(t, question, { cost: count, balance }, t('scan.createShort'));
  };
};

export interface BatchOutcome {
  created?: { id: number; ssid: string; name: string; intercomPassword: string }[];
  /** SSIDs the server found already in use; nothing was created. */
  taken?: string[];
}

/**
 * A batch as the agent submits it: the SSIDs already in use are named before any cost is asked about,
 * then the cost is confirmed, then the batch is created. Undefined when the agent cancels.
 */
export const useSubmitBatch = (userType: number | null) => {
  const check = useEndpointMutation(api.terminal.checkSsids);
  const confirmBatch = useConfirmBatch(userType);
  const createBatch = useCreateBatch();
  return async (s: ScanState, ssids: string[], mode: 'scan' | 'input'): Promise<BatchOutcome | undefined> => {
    const { taken } = await check.mutateAsync({ ssids: ssids.join(',') });
    if (taken.length > 0) return { taken };
    if (!(await confirmBatch(ssids.length))) return undefined;
    return createBatch(s, ssids, mode);
  };
};

/** Creates the batch in one call: the SSIDs travel in the JSON body, the rest in the query. */
export const useCreateBatch = () => {
  const batch = useEndpointMutation(api.terminal.batch, {
    invalidates: [...terminalReads, ...balanceReads],
    // The page names the SSIDs in use itself; a transport toast would cover that message.
    call: { jsonBody: ['ssids'], toast: false },
  });
  return async (s: ScanState, ssids: string[], mode: 'scan' | 'input'): Promise<BatchOutcome> => {
    if (!s.org || s.userType === null) return {};
    try {
      const data = await batch.mutateAsync({
        orgId: s.org.id,
        userType: s.userType,
        prefix: s.prefix.trim(),
        mode,
        ssids,
      });
      return { created: data.created };
    } catch (error) {
      const taken = (error as ApiError).data as { ssids?: unknown } | null;
      if (error instanceof ApiError && taken && Array.isArray(taken.ssids)) {
        return { taken: taken.ssids.map(String) };
      }
      // Any other refusal (balance, rules) is the server's message; session and network failures are told.
      if (error instanceof ApiError && !error.handled) showToast(error.message);
      throw error;
    }
  };
};
