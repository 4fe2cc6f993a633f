import { api, Limits, type ParamsOf } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { msgField } from '../../i18n/languages.ts';
import { useCountdown } from './use-countdown.ts';

export type SmsTarget = Omit<ParamsOf<typeof api.jsp.sendSms>, 'lang'>;

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Who the code is for; null when the form is not ready to send one (the page shows why). */
  target: () => SmsTarget | null;
  /** resetPwd answers alike whether or not a code went out, and the hint says so. */
  unconfirmed?: boolean;
  /** The send button stays off (no phone bound yet). */
  disabled?: boolean;
}

/**
 * A 4-digit code input with its "Get code" button. After a send the button counts down the server's
 * resend time (one code a minute per phone); the text under the field says where the code went.
 */
export const SmsCodeField = ({ id, value, onChange, error, target, unconfirmed, disabled }: Props) => {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const sendSms = useEndpointMutation(api.jsp.sendSms, {
    // Only a forgotten password is asked for without a session; the other purposes act for the account.
    call: (params) => ({ session: params.purpose !== 'resetPwd' }),
  });
  const sending = sendSms.isPending;
  const [sentTo, setSentTo] = useState<{ phone: string; minutes: number } | null>(null);

  const send = async () => {
    const params = target();
    if (!params) return;
    try {
      const sent = await sendSms.mutateAsync({ ...params, lang: msgField[currentLanguage()] });
      start(sent.resend_in || Limits.smsResendSeconds);
      setSentTo({ phone: sent.phone, minutes: Math.round(sent.expires_in / 60) });
    } catch {
      // The client has shown the server's message (too often, no phone bound…).
    }
  };

  const label = sending
    ? t('account.sms.sending')
    : left > 0
      ? t('account.sms.wait', { count: left })
      : sentTo
        ? t('account.sms.resend')
        : t('account.sms.send');
  return (
    <FormInput
      id={id}
      label={t('account.sms.code')}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, ''))}
      error={error}
      hint={sentTo ? t(unconfirmed ? 'account.sms.sentIfMatch' : 'account.sms.sent', sentTo) : undefined}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('account.sms.placeholder')}
      maxLength={Limits.smsCodeLength}
      addon={
        <button
          type="button"
          className="sms-send"
          data-testid="send-code"
          aria-live="polite"
          disabled={disabled || sending || left > 0}
          onClick={() => void send()}
        >
          {label}
        </button>
      }
    />
  );
};
