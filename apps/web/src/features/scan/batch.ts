import { api, type MessageKey, rules } from '@ptt/contract';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { ApiError } from '../../api/client.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { showToast } from '../../components/toast.ts';
import { ruleError } from '../../lib/rules.ts';
import type { ScanState } from './scan-store.ts';

export type BatchErrors = Record<'userType' | 'org' | 'prefix', string | null>;

/** SPEC §5: a user type, a company and a nickname prefix (2–12) before any SSID is sent. */
export const batchErrors = (s: Pick<ScanState, 'userType' | 'org' | 'prefix'>): BatchErrors => ({
  userType: s.userType === null ? ('selectUserType' satisfies MessageKey) : null,
  org: s.org ? null : ('selectCompany' satisfies MessageKey),
  prefix: ruleError(rules.prefix, s.prefix),
});

export const hasErrors = (errors: Record<string, string | null>) => Object.values(errors).some(Boolean);

export interface BatchOutcome {
  created?: { id: number; ssid: string; name: string; intercomPassword: string }[];
  /** SSIDs the server found already in use; nothing was created. */
  taken?: string[];
}

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
