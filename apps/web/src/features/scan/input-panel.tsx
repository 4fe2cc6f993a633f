import { Limits, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';

interface Props {
  /** Called with the SSIDs once each is valid and none repeats; a rejection keeps the rows. */
  onSubmit: (ssids: string[]) => Promise<string[] | undefined>;
}

/** Up to 10 SSIDs typed one per row (SPEC §5: adding by input creates up to 10 users). */
export const InputPanel = ({ onSubmit }: Props) => {
  const { t } = useTranslation();
  // One value per row, named by its position.
  const form = useRuleForm<Record<string, string>>({ 0: '' });
  const rows = Object.keys(form.values);

  const parts = (values: Record<string, string>): RulePart[] => {
    const filled = rows.map((row) => (values[row] ?? '').trim());
    return rows.flatMap((row, i): RulePart[] => {
      const ssid = filled[i] ?? '';
      if (ssid === '' && filled.length > 1) return [];
      const first = filled.indexOf(ssid);
      // A repeat fails the list rule on the row that repeats.
      return first < i
        ? [[rules.ssidList(Limits.inputAddMax), [ssid, ssid], row]]
        : [[rules.ssid, ssid, row]];
    });
  };

  const submit = async (values: Record<string, string>) => {
    const filled = rows.map((row) => (values[row] ?? '').trim());
    const ssids = filled.filter(Boolean);
    if (ssids.length === 0) return;
    const taken = await onSubmit(ssids);
    for (const [i, ssid] of filled.entries()) {
      if (taken?.includes(ssid)) form.setError(String(i), 'doNotAddRepeatedly');
    }
  };

  return (
    <form className="section" data-testid="input-panel" noValidate onSubmit={form.submit(submit, parts)}>
      {rows.map((row, i) => (
        <FormInput
          key={row}
          id={`input-ssid-${i}`}
          label={t('scan.ssidN', { n: i + 1 })}
          {...form.field(row)}
          inputMode="numeric"
          maxLength={15}
          placeholder={t('scan.typePlaceholder')}
        />
      ))}
      {rows.length < Limits.inputAddMax && (
        <button
          type="button"
          className="btn btn--block"
          data-testid="input-add-row"
          onClick={() => form.set(String(rows.length))('')}
        >
          {t('scan.addRow')}
        </button>
      )}
      <div style={{ marginTop: 8 }}>
        <SubmitButton
          busy={form.busy}
          locked={form.locked}
          testId="input-create"
          text={t('scan.create', { count: rows.filter((row) => form.values[row]?.trim()).length })}
        />
      </div>
    </form>
  );
};
