import { isSubAgentPath } from '@ptt/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { showToast } from '../../components/toast.ts';

export type TopAgentCheck = 'pending' | 'allowed' | 'denied';

/**
 * Agent management is for top-level agents only (SPEC §6). A sub-agent that reaches such a screen hears
 * why; the page sends it home. Nothing is asked of the server before the profile has answered.
 */
export const useTopAgentOnly = (): TopAgentCheck => {
  const { t } = useTranslation();
  const me = useAgentInfo();
  const check: TopAgentCheck = !me.data ? 'pending' : isSubAgentPath(me.data.path) ? 'denied' : 'allowed';
  useEffect(() => {
    if (check === 'denied') showToast(t('msg.topAgentOnly'));
  }, [check, t]);
  return check;
};
