import { Limits, rules } from '@ptt/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { ssidsOfText } from './scan-list.ts';

interface Props {
  /** The rows as last left (kept with the batch), and where each change goes. */
  rows: string[];
  onRowsChange: (rows: string[]) => void;
  /** Called with the SSIDs once each is valid and none repeats; a rejection keeps the rows. */
  onSubmit: (ssids: string[]) => Promise<string[] | undefined>;
}

/** Up to 10 SSIDs typed one per row (SPEC §5: adding by input creates up to 10 users). */
export const InputPanel = ({ rows: kept, onRowsChange, onSubmit }: Props) => {
  const { t } = useTranslation();
  // One value per row, named by its position.
  const form = useRuleForm<Record<string, string>>(Object.fromEntries(kept.map((v, i) => [String(i), v])));
  const rows = Object.keys(form.values);
  useEffect(() => {
    onRowsChange(Object.values(form.values));
  }, [form.values, onRowsChange]);

  /** Each row's SSID as sent: trimmed, full-width digits as digits. */
  const filledOf = (values: Record<string, string>) =>
    rows.map((row) => rules.halfWidth(values[row] ?? '').trim());

  const parts = (values: Record<string, string>): RulePart[] => {
    const filled = filledOf(values);
    return rows.flatMap((row, i): RulePart[] => {
      const ssid = filled[i] ?? '';
      if (ssid === '' && filled.length > 1) return [];
      const first = filled.indexOf(ssid);
      // A repeat fails the list rule on the row that repeats; changing the row it repeats clears it too.
      return first < i
        ? [[rules.ssidList(Limits.inputAddMax), [ssid, ssid], row, [rows[first] ?? row]]]
        : [[rules.ssid, ssid, row]];
    });
  };

  /**
   * A pasted column (or row) of SSIDs fills this row and the ones after it, adding rows up to the
   * input limit; what does not fit stays out, and the last row says why.
   */
  const paste = (at: number) => (text: string) => {
    const ssids = ssidsOfText(text);
    if (ssids.length < 2) return false;
    const next = { ...form.values };
    const fit = ssids.slice(0, Limits.inputAddMax - at);
    for (const [i, ssid] of fit.entries()) next[String(at + i)] = ssid;
    form.setValues(next);
    if (fit.length < ssids.length) form.setError(String(at + fit.length - 1), 'inputMax');
    return true;
  };

  const submit = async (values: Record<string, string>) => {
    const filled = filledOf(values);
    const ssids = filled.filter(Boolean);
    if (ssids.length === 0) return;
    const taken = await onSubmit(ssids);
    for (const [i, ssid] of filled.entries()) {
      if (taken?.includes(ssid)) form.setError(String(i), 'importSsidInUse');
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
          onPaste={paste(i)}
          inputMode="numeric"
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
