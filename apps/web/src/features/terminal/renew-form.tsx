import { api, CardTypes } from '@ptt/contract';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { Field } from '../../components/form/field.tsx';
import { showToast } from '../../components/toast.ts';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';
import { readSelection } from './selection.ts';
import { useCardSwitch } from './use-card-switch.ts';

/** Functions that can be activated per user: VIP is a user type, not a function. */
const functionCards = CardTypes.filter((c) => c.code !== 7);

interface Props {
  /** Fixed function (location); without it the user picks one the card switch allows. */
  cardType?: number;
}

/** Activates or renews one function for the users chosen in the list, one card per user. */
export const RenewForm = ({ cardType: fixed }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [users] = useState(readSelection);
  const [cardType, setCardType] = useState<number | undefined>(fixed);
  const [errors, setErrors] = useState<{ users?: string; card?: string }>({});
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();
  const allowed = useCardSwitch().data;
  const cards = functionCards.filter((c) => !allowed || allowed[c.field] === 1);

  const submit = async () => {
    const next = {
      users: users.length === 0 ? 'selectUser' : undefined,
      card: cardType === undefined ? 'selectCardType' : undefined,
    };
    setErrors(next);
    if (next.users || next.card || cardType === undefined) return;
    setBusy(true);
    try {
      const res = await call(api.terminal.addService, { ids: users.map((u) => u.id).join(','), cardType });
      showToast(t('terminal.renewed', res));
      await client.invalidateQueries();
      navigate(users.length === 1 ? `/userDetail?id=${users[0]?.id}` : '/userList', { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const message = (key?: string) => (key ? t(`msg.${key}` as 'msg.ok') : null);

  return (
    <section className="section">
      <Field id="renew-users" label={t('terminal.users')} error={message(errors.users)}>
        <div id="renew-users" className="chips" style={{ padding: '8px 0' }}>
          {users.length === 0 && (
            <Link to="/userList" className="chip chip--link">
              {t('terminal.chooseUsers')}
            </Link>
          )}
          {users.map((u) => (
            <span key={u.id} className="chip chip--static">
              {u.name} · {u.ssid}
            </span>
          ))}
        </div>
      </Field>
      {fixed === undefined && (
        <Field id="renew-card" label={t('terminal.cardType')} error={message(errors.card)}>
          <div id="renew-card" className="chips" style={{ padding: '8px 0' }}>
            {cards.map((c) => (
              <button
                key={c.code}
                type="button"
                className="chip"
                data-testid={`renew-card-${c.key}`}
                aria-pressed={cardType === c.code}
                onClick={() => setCardType(c.code)}
              >
                {t(`card.${c.key}`)}
              </button>
            ))}
          </div>
        </Field>
      )}
      <p className="item-meta">{t('terminal.oneCardEach')}</p>
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        data-testid="renew-submit"
        loading={busy}
        disabled={locked || busy}
        onClick={guard(() => void submit())}
      >
        {t(fixed === undefined ? 'terminal.submitRenew' : 'terminal.submitLocation', { count: users.length })}
      </Button>
    </section>
  );
};
