import { api, type ExpiryWindow, RenewalLimits } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { showToast } from '../../components/toast.ts';

/**
 * A company's way to have users renewed: it asks its agent, whose cards a renewal spends. The agent gets
 * one notice naming the chosen users, which opens its radar on them in this window.
 */
export const AskAgentButton = ({
  ids,
  within,
  onDone,
}: {
  ids: number[];
  within: ExpiryWindow;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const ask = useEndpointMutation(api.terminal.askRenewal);
  const send = async () => {
    if (ids.length === 0) return showToast(t('msg.selectUser'));
    if (ids.length > RenewalLimits.askMax) return showToast(t('msg.askMax'));
    try {
      const res = await ask.mutateAsync({ ids: ids.join(','), within });
      showToast(t('renewal.asked', { count: res.asked }));
      onDone();
    } catch {
      // The client has shown the server's message (asked too often, a user gone).
    }
  };
  return (
    <button
      type="button"
      className="btn btn--primary"
      data-testid="expiring-ask"
      disabled={ask.isPending}
      onClick={() => void send()}
    >
      {t('renewal.ask')}
    </button>
  );
};
