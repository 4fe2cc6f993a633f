import { Limits, rules } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/form/field.tsx';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';
import { ruleError } from '../../lib/rules.ts';

interface Props {
  /** Called with the SSIDs once each is valid and none repeats; a rejection keeps the rows. */
  onSubmit: (ssids: string[]) => Promise<string[] | undefined>;
}

/** Up to 10 SSIDs typed one per row (SPEC §5: adding by input creates up to 10 users). */
export const InputPanel = ({ onSubmit }: Props) => {
  const { t } = useTranslation();
  const [rows, setRows] = useState<string[]>(['']);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();

  const submit = async () => {
    const filled = rows.map((r) => r.trim());
    const next = filled.map((ssid, i) => {
      if (ssid === '' && filled.length > 1) return null;
      const error = ruleError(rules.ssid, ssid);
      if (error) return error;
      return filled.indexOf(ssid) < i ? 'doNotAddRepeatedly' : null;
    });
    setErrors(next);
    const ssids = filled.filter(Boolean);
    if (next.some(Boolean) || ssids.length === 0) return;
    setBusy(true);
    try {
      const taken = await onSubmit(ssids);
      if (taken) setErrors(filled.map((s) => (taken.includes(s) ? 'doNotAddRepeatedly' : null)));
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" data-testid="input-panel">
      {rows.map((value, i) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; they are only added at the end.
          key={i}
          id={`input-ssid-${i}`}
          label={t('scan.ssidN', { n: i + 1 })}
          error={errors[i] ? t(`msg.${errors[i]}` as 'msg.ok') : null}
        >
          <input
            id={`input-ssid-${i}`}
            inputMode="numeric"
            maxLength={15}
            autoComplete="off"
            placeholder={t('scan.typePlaceholder')}
            value={value}
            onChange={(e) => setRows((r) => r.map((v, j) => (j === i ? e.target.value : v)))}
          />
        </Field>
      ))}
      {rows.length < Limits.inputAddMax && (
        <button
          type="button"
          className="btn btn--block"
          data-testid="input-add-row"
          onClick={() => setRows((r) => [...r, ''])}
        >
          {t('scan.addRow')}
        </button>
      )}
      <div style={{ marginTop: 16 }}>
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="input-create"
          loading={busy}
          disabled={locked || busy}
          onClick={guard(() => void submit())}
        >
          {t('scan.create', { count: rows.filter((r) => r.trim()).length })}
        </Button>
      </div>
    </section>
  );
};
