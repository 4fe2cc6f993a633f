import type { CardTypes } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import type { RuleFormState, Values } from '../../components/form/use-rule-form.ts';
import './sales.css';

/** 'return' gives a sub-agent back cards taken back from it (notice type 4). */
export type Mode = 'sell' | 'recycle' | 'return';

export interface SaleValues extends Values {
  mode: Mode;
  cardType: number | null;
  quantity: string;
  payPwd: string;
}

interface Props {
  form: RuleFormState<SaleValues>;
  agentName: string | undefined;
  cards: (typeof CardTypes)[number][];
  balanceHint: string | undefined;
  /** The service card password is asked only when the agent has set one. */
  askPayPwd: boolean;
}

/** The fields of a sale, a recycling or a return: mode, agent (through /agentChoice), card type, quantity, password. */
export const SaleFields = (p: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { values, errors } = p.form;
  return (
    <>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('sales.mode')}</legend>
        {(['sell', 'recycle', 'return'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className="segmented__item"
            aria-pressed={values.mode === m}
            data-testid={`mode-${m}`}
            // Each mode has its own rules: its messages start afresh.
            onClick={() => p.form.setValues((v) => ({ ...v, mode: m }))}
          >
            {t(`sales.${m}`)}
          </button>
        ))}
      </fieldset>
      <p className="field__hint sale-intro">{t(`sales.${values.mode}Intro` as const)}</p>
      <Field id="sale-agent" label={t('sales.agent')} error={errors.agent}>
        <button
          id="sale-agent"
          type="button"
          className="picker-row"
          data-testid="choose-agent"
          // The way back names the mode, so choosing an agent to recycle from comes back to Recycle.
          onClick={() => navigate(`/agentChoice?back=${encodeURIComponent(`/salesAdd?mode=${values.mode}`)}`)}
        >
          <span className={p.agentName ? undefined : 'picker-row__placeholder'}>
            {p.agentName ?? t('sales.chooseAgent')}
          </span>
          <RightOutline aria-hidden />
        </button>
      </Field>
      <Field id="sale-card" label={t('sales.cardType')} error={errors.cardType}>
        <div className="chips" id="sale-card" style={{ padding: '8px 0' }}>
          {p.cards.length === 0 && <span className="item-meta">{t('sales.noCards')}</span>}
          {p.cards.map((c) => (
            <button
              key={c.code}
              type="button"
              className="chip"
              data-testid={`sale-card-${c.key}`}
              aria-pressed={values.cardType === c.code}
              onClick={() => p.form.set('cardType')(c.code)}
            >
              {t(`card.${c.key}`)}
            </button>
          ))}
        </div>
      </Field>
      <Field id="sale-quantity" label={t('sales.quantity')} error={errors.quantity} hint={p.balanceHint}>
        <input
          id="sale-quantity"
          inputMode="numeric"
          autoComplete="off"
          value={values.quantity}
          placeholder={t('sales.quantityPlaceholder')}
          aria-invalid={errors.quantity ? true : undefined}
          onChange={(e) => p.form.set('quantity')(e.target.value.trim())}
        />
      </Field>
      {p.askPayPwd && (
        <Field id="sale-paypwd" label={t('sales.payPwd')} error={errors.payPwd}>
          <input
            id="sale-paypwd"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={values.payPwd}
            placeholder={t('sales.payPwdPlaceholder')}
            aria-invalid={errors.payPwd ? true : undefined}
            onChange={(e) => p.form.set('payPwd')(e.target.value)}
          />
        </Field>
      )}
    </>
  );
};
