import { api, ServiceToggles } from '@ptt/contract';
import Switch from 'antd-mobile/es/components/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { showToast } from '../../components/toast.ts';

interface Props {
  id: number;
  toggles: Record<string, number>;
  onSaved: () => Promise<unknown>;
}

/** The service toggles of a company (SPEC §4), each a switch sent through setBindingPlatform. */
export const OrgToggles = ({ id, toggles, onSaved }: Props) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  // The detail that shows the switches refreshes through onSaved; nothing else shows them.
  const setToggle = useEndpointMutation(api.org.setBindingPlatform);
  const toggle = async (key: string, on: boolean) => {
    setBusy(key);
    try {
      await setToggle.mutateAsync({ id, [key]: on ? '1' : '0' } as never);
      await onSaved();
      // The switch has moved already: the word says the server has it.
      showToast(
        t(on ? 'manage.toggleOn' : 'manage.toggleOff', {
          name: t(`manage.toggle.${key}` as 'manage.toggle.gps'),
        }),
      );
    } catch {
      // The client has shown the server's message; the switch keeps the stored state.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="section">
      <h2 className="section__title">{t('manage.toggles')}</h2>
      <ul className="rows">
        {ServiceToggles.map((key) => (
          <li key={key}>
            <div className="row">
              <span className="row__label" id={`toggle-${key}`}>
                {t(`manage.toggle.${key}`)}
              </span>
              <Switch
                checked={toggles[key] === 1}
                loading={busy === key}
                disabled={busy !== null && busy !== key}
                onChange={(on) => void toggle(key, on)}
                aria-labelledby={`toggle-${key}`}
                data-testid={`toggle-${key}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
