import { Limits, rules } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/confirm.ts';
import { Field } from '../../components/form/field.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';

export interface Processing {
  remark: string;
  falseAlarm: 0 | 1;
}

interface Props {
  id: string;
  /** The button's words. */
  submit: string;
  /** The question asked before anything is sent, given what will be sent. */
  question: (p: Processing) => string;
  onProcess: (p: Processing) => Promise<void>;
  className?: string;
  rows?: number;
  disabled?: boolean;
}

/**
 * How an SOS is processed, one or several: a remark (the contract's rule), whether it was a false alarm,
 * and a confirmation naming what is processed before the call.
 */
export const ProcessForm = ({
  id,
  submit,
  question,
  onProcess,
  className = '',
  rows = 3,
  disabled,
}: Props) => {
  const { t } = useTranslation();
  const form = useRuleForm({ remark: '', falseAlarm: false });
  const remark = form.values.remark;
  const processing = (v: typeof form.values): Processing => ({
    remark: v.remark.trim(),
    falseAlarm: v.falseAlarm ? 1 : 0,
  });
  return (
    <form
      className={`section sos-remark ${className}`}
      noValidate
      data-testid={`${id}-form`}
      onSubmit={form.submit(
        async (v) => {
          await onProcess(processing(v));
          form.setValues({ remark: '', falseAlarm: false });
        },
        (v) => [[rules.remark, v.remark.trim(), 'remark']],
        (v) => confirm(question(processing(v)), t('sos.confirm'), t('sos.cancel')),
      )}
    >
      <Field id={`${id}-remark`} label={t('sos.remark')} error={form.errors.remark}>
        <textarea
          id={`${id}-remark`}
          className="text-area"
          rows={rows}
          value={remark}
          placeholder={t('sos.remarkPlaceholder')}
          aria-invalid={form.errors.remark ? true : undefined}
          aria-describedby={form.errors.remark ? `${id}-remark-error` : undefined}
          onChange={(e) => form.set('remark')(e.target.value)}
        />
      </Field>
      <div className="sos-remark__line">
        <Checkbox
          checked={form.values.falseAlarm}
          onChange={(v) => form.set('falseAlarm')(v)}
          data-testid={`${id}-false-alarm`}
        >
          {t('sos.falseAlarm')}
        </Checkbox>
        <span className="sos-remark__count">
          {Array.from(remark.trim()).length}/{Limits.remarkMax}
        </span>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={disabled || form.busy || form.locked}
        data-testid={`${id}-process`}
      >
        {submit}
      </button>
    </form>
  );
};
