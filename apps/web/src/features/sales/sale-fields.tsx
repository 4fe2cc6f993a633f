import type { CardTypes } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import './sales.css';

export type Mode = 'sell' | 'recycle';

interface Props {
  mode: Mode;
  onMode: (mode: Mode) => void;
  agentName: string | undefined;
  cards: (typeof CardTypes)[number][];
  cardType: number | null;
  onCardType: (code: number) => void;
  balanceHint: string | undefined;
  quantity: string;
  onQuantity: (value: string) => void;
  /** The service card password, asked only when the agent has set one. */
  payPwd: string | undefined;
  onPayPwd: (value: string) => void;
  /** Catalogue keys of the rule messages, by field. */
  errors: Record<string, string | null>;
}

/** The fields of a sale or a recycling: mode, agent (through /agentChoice), card type, quantity, password. */
export const SaleFields = (p: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = (key?: string | null) => (key ? t(`msg.${key}` as 'msg.ok') : null);
  return (
    <>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('sales.mode')}</legend>
        {(['sell', 'recycle'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className="segmented__item"
            aria-pressed={p.mode === m}
            data-testid={`mode-${m}`}
            onClick={() => p.onMode(m)}
          >
            {t(`sales.${m}`)}
          </button>
        ))}
      </fieldset>
      <p className="field__hint sale-intro">
        {t(p.mode === 'sell' ? 'sales.sellIntro' : 'sales.recycleIntro')}
      </p>
      <Field id="sale-agent" label={t('sales.agent')} error={message(p.errors.agent)}>
        <button
          id="sale-agent"
          type="button"
          className="picker-row"
          data-testid="choose-agent"
          onClick={() => navigate('/agentChoice?back=/salesAdd')}
        >
          <span className={p.agentName ? undefined : 'picker-row__placeholder'}>
            {p.agentName ?? t('sales.chooseAgent')}
          </span>
          <RightOutline aria-hidden />
        </button>
      </Field>
      <Field id="sale-card" label={t('sales.cardType')} error={message(p.errors.cardType)}>
        <div className="chips" id="sale-card" style={{ padding: '8px 0' }}>
          {p.cards.length === 0 && <span className="item-meta">{t('sales.noCards')}</span>}
          {p.cards.map((c) => (
            <button
              key={c.code}
              type="button"
              className="chip"
              data-testid={`sale-card-${c.key}`}
              aria-pressed={p.cardType === c.code}
              onClick={() => p.onCardType(c.code)}
            >
              {t(`card.${c.key}`)}
            </button>
          ))}
        </div>
      </Field>
      <Field
        id="sale-quantity"
        label={t('sales.quantity')}
        error={message(p.errors.quantity)}
        hint={p.balanceHint}
      >
        <input
          id="sale-quantity"
          inputMode="numeric"
          autoComplete="off"
          value={p.quantity}
          placeholder={t('sales.quantityPlaceholder')}
          onChange={(e) => p.onQuantity(e.target.value.trim())}
        />
      </Field>
      {p.payPwd !== undefined && (
        <Field id="sale-paypwd" label={t('sales.payPwd')} error={message(p.errors.payPwd)}>
          <input
            id="sale-paypwd"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={p.payPwd}
            placeholder={t('sales.payPwdPlaceholder')}
            onChange={(e) => p.onPayPwd(e.target.value)}
          />
        </Field>
      )}
    </>
  );
};
