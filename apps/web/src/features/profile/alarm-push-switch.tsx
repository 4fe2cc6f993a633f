import { api } from '@ptt/contract';
import Switch from 'antd-mobile/es/components/switch';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushKey } from '../../api/queries/use-push-key.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { showToast } from '../../components/toast.ts';
import { defaultLanguage, isLanguage, msgField } from '../../i18n/languages.ts';
import { currentSubscription, keysOf, pushSupported, subscribePush } from '../../lib/web-push.ts';

/**
 * "Alarm notifications on this phone": on, this browser subscribes to pushes with the server's key and
 * hands the subscription to the server, which sends it SOS and fence alarms; off, both sides forget it.
 * Shown only where the browser can receive pushes and the server sends them.
 */
export const AlarmPushSwitch = () => {
  const { t, i18n } = useTranslation();
  const lang = msgField[isLanguage(i18n.language) ? i18n.language : defaultLanguage];
  const supported = pushSupported();
  const key = usePushKey(supported);
  const subscribe = useEndpointMutation(api.push.subscribe);
  const unsubscribe = useEndpointMutation(api.push.unsubscribe);
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then((s) => live && setOn(s !== null && Notification.permission === 'granted'))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [supported]);

  // Alarms come in the language of the last subscribe: a change of language here is told to the server.
  const told = useRef(lang);
  const { mutate: resubscribe } = subscribe;
  useEffect(() => {
    if (on !== true || told.current === lang) return;
    told.current = lang;
    void currentSubscription().then((s) => {
      const keys = s && keysOf(s);
      if (keys) resubscribe({ ...keys, lang });
    });
  }, [on, lang, resubscribe]);

  if (!supported || !key.data) return null;
  const vapidKey = key.data;

  const turnOn = async () => {
    const outcome = await subscribePush(vapidKey);
    if (!outcome.ok) {
      showToast(t(outcome.reason === 'denied' ? 'main.alarmPushDenied' : 'main.alarmPushFailed'));
      return;
    }
    try {
      await subscribe.mutateAsync({ ...outcome.keys, lang });
      told.current = lang;
      setOn(true);
    } catch {
      // The server did not take it: a subscription it does not know would only mislead the switch.
      await (await currentSubscription())?.unsubscribe().catch(() => undefined);
    }
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync({ endpoint: subscription.endpoint }).catch(() => undefined);
      await subscription.unsubscribe().catch(() => undefined);
    }
    setOn(false);
  };

  const change = async (checked: boolean) => {
    setBusy(true);
    try {
      await (checked ? turnOn() : turnOff());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings__row" data-testid="alarm-push">
      <span className="settings__label">
        {t('main.alarmPush')}
        <small className="item-meta">{t('main.alarmPushHint')}</small>
      </span>
      <Switch
        checked={on === true}
        loading={busy || on === undefined}
        onChange={(checked) => void change(checked)}
        aria-label={t('main.alarmPush')}
        data-testid="alarm-push-switch"
      />
    </div>
  );
};
