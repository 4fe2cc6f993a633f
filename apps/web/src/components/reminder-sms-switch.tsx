import { api } from '@ptt/contract';
import Switch from 'antd-mobile/es/components/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../api/use-endpoint-mutation.ts';
import { TitledSection } from './titled-section.tsx';
import { showToast } from './toast.ts';

interface Props {
  /** The company, on an agent's view of it; absent on the company's own. */
  id?: number;
  on: boolean;
  /** The company's mobile number, where the text goes: without one, none goes whatever the switch says. */
  phone: string;
}

/**
 * Whether the company's contact gets the daily expiry reminder by SMS: on an agent's view of a company
 * and on the company's own profile, both reading orgDetail.reminder_sms.
 */
export const ReminderSmsSwitch = ({ id, on, phone }: Props) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = useEndpointMutation(api.org.setReminderSms, { invalidates: [api.org.info] });
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await save.mutateAsync({ ...(id === undefined ? {} : { id }), enabled: next ? '1' : '0' });
      showToast(t(next ? 'renewal.sms.on' : 'renewal.sms.off'));
    } catch {
      // The client has shown the server's message; the switch keeps the stored state.
    } finally {
      setBusy(false);
    }
  };
  return (
    <TitledSection id="reminder-sms-title" title={t('renewal.sms.title')}>
      <div className="row">
        <span className="row__label" id="reminder-sms-label">
          {t('renewal.sms.label')}
          <br />
          <span className="item-meta">{t('renewal.sms.hint')}</span>
          {phone.trim() === '' && (
            <>
              <br />
              <span className="item-meta item-meta--warn" data-testid="reminder-sms-no-mobile">
                {t('renewal.sms.noMobile')}
              </span>
            </>
          )}
        </span>
        <Switch
          checked={on}
          loading={busy}
          onChange={(next) => void change(next)}
          aria-labelledby="reminder-sms-label"
          data-testid="reminder-sms"
        />
      </div>
    </TitledSection>
  );
};
