import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ruleError } from '../lib/rules.ts';
import { Field } from './field.tsx';
import { useDoubleClickGuard } from './use-double-click-guard.ts';

export interface RuleField {
  name: string;
  label: string;
  /** A contract rule; its message keys are shown under the field. */
  rule: z.ZodType;
  optional?: boolean;
  type?: 'text' | 'password' | 'tel' | 'email';
  autoComplete?: string;
  placeholder?: string;
}

interface Props {
  id: string;
  fields: RuleField[];
  submitText: string;
  /** Extra controls between the fields and the button (switches, pickers, a send-code button). */
  children?: ReactNode | ((values: Record<string, string>) => ReactNode);
  /** A rule over the whole form (two passwords that must match); its issues land on their fields. */
  schema?: z.ZodType;
  /** Values the fields start with (an edit form). */
  initial?: Record<string, string>;
  /** Called with the values once every rule passes; a rejection keeps the form as it is. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
}

/** A form whose fields are checked with the contract rules before anything is sent. */
export const RuleForm = ({ id, fields, submitText, children, initial, schema, onSubmit }: Props) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(initial ?? {});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const { locked, guard } = useDoubleClickGuard();

  const submit = async () => {
    const next: Record<string, string | null> = {};
    for (const f of fields) {
      const value = values[f.name] ?? '';
      next[f.name] = f.optional && value === '' ? null : ruleError(f.rule, value);
    }
    if (schema && !Object.values(next).some(Boolean)) {
      const whole = schema.safeParse(values);
      if (!whole.success) {
        const issue = whole.error.issues[0];
        next[String(issue?.path[0] ?? fields[0]?.name)] = issue?.message ?? 'invalidParams';
      }
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ''])));
    } catch {
      // The client has shown the server's message; the values stay for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        guard(() => void submit())();
      }}
    >
      {fields.map((f) => (
        <Field
          key={f.name}
          id={`${id}-${f.name}`}
          label={f.label}
          error={errors[f.name] ? t(`msg.${errors[f.name]}` as 'msg.ok') : null}
        >
          <input
            id={`${id}-${f.name}`}
            name={f.name}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete ?? 'off'}
            placeholder={f.placeholder}
            value={values[f.name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </Field>
      ))}
      {typeof children === 'function' ? children(values) : children}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        loading={busy}
        disabled={locked || busy}
      >
        {submitText}
      </Button>
    </form>
  );
};
