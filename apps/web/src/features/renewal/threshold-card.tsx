import { api, cardByCode, type DataOf, rules } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { FormInput } from '../../components/form/form-input.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import { formatCount } from '../../lib/format.ts';

export type RunwayRow = DataOf<typeof api.agent.runway>['list'][number];

/** One card type's runway: balance, renewals due in 30 and 90 days, and its low-balance threshold. */
export const ThresholdCard = ({ row }: { row: RunwayRow }) => {
  const { t } = useTranslation();
  const key = cardByCode(row.cardType)?.key ?? 'voice';
  const card = t(`card.${key}`);
  const form = useRuleForm({ threshold: String(row.threshold) });
  // The strip on the home and this page show the threshold's marks; the refusal stays under the field.
  const save = useEndpointMutation(api.agent.setThreshold, {
    invalidates: [api.agent.runway],
    call: { toast: false },
  });
  const submit = form.submit(
    async ({ threshold }) => {
      await save.mutateAsync({
        cardType: String(row.cardType),
        threshold: rules.halfWidth(threshold).trim(),
      });
      showToast(t('renewal.thresholds.saved', { card }));
    },
    ({ threshold }) => [[api.agent.setThreshold.params.shape.threshold, threshold.trim(), 'threshold']],
  );
  return (
    <li className="runway-card" data-testid={`runway-${key}`}>
      <h3 className="runway-card__head">{card}</h3>
      <dl className="runway-card__facts">
        <div>
          <dt>{t('renewal.thresholds.balance')}</dt>
          <dd data-testid={`runway-${key}-balance`}>{formatCount(row.balance)}</dd>
        </div>
        <div>
          <dt>{t('renewal.thresholds.due30')}</dt>
          <dd>{formatCount(row.due30)}</dd>
        </div>
        <div>
          <dt>{t('renewal.thresholds.due90')}</dt>
          <dd>{formatCount(row.due90)}</dd>
        </div>
      </dl>
      {row.short && <p className="runway-card__warn">{t('renewal.thresholds.short')}</p>}
      {row.low && <p className="runway-card__warn">{t('renewal.thresholds.low')}</p>}
      <form className="runway-card__form" noValidate onSubmit={submit}>
        <FormInput
          id={`threshold-${key}`}
          label={t('renewal.thresholds.threshold')}
          inputMode="numeric"
          maxLength={9}
          {...form.field('threshold')}
        />
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          loading={form.busy}
          disabled={form.busy || form.locked}
          data-testid={`threshold-${key}-save`}
        >
          {t('renewal.thresholds.save')}
        </Button>
      </form>
    </li>
  );
};
