import type { ReactNode } from 'react';
import type { z } from 'zod';
import { FormInput } from './form-input.tsx';
import { SubmitButton } from './submit-button.tsx';
import { type RulePart, useRuleForm } from './use-rule-form.ts';

export interface RuleField {
  name: string;
  label: string;
  /** A contract rule; its message keys are shown under the field. */
  rule: z.ZodType;
  optional?: boolean;
  type?: 'text' | 'password' | 'tel' | 'email';
  autoComplete?: string;
  placeholder?: string;
  /** What the field is for, under it until a rule's message takes its place. */
  hint?: string;
}

type Strings = Record<string, string>;

interface Props {
  id: string;
  fields: RuleField[];
  submitText: string;
  /** Extra controls between the fields and the button (switches, pickers, a send-code button). */
  children?: ReactNode | ((values: Strings) => ReactNode);
  /** A rule over the whole form (two passwords that must match); its issues land on their fields. */
  schema?: z.ZodType;
  /** Values the fields start with (an edit form). */
  initial?: Strings;
  /** Called with the values once every rule passes; a rejection keeps the form as it is. */
  onSubmit: (values: Strings) => Promise<void>;
  /**
   * A confirmation asked once the rules pass and before `onSubmit` runs; false sends nothing. It may
   * check with the server first and put what it refuses under a field (`refuse`, a catalogue key).
   */
  ask?: (values: Strings, refuse: (field: string, key: string) => void) => Promise<boolean>;
}

/** A form of text fields laid out from a list, each checked with its contract rule before anything is sent. */
export const RuleForm = ({ id, fields, submitText, children, initial, schema, onSubmit, ask }: Props) => {
  const form = useRuleForm<Strings>(Object.fromEntries(fields.map((f) => [f.name, initial?.[f.name] ?? ''])));
  const parts = (values: Strings): RulePart[] => {
    const own = fields
      .filter((f) => !(f.optional && values[f.name] === ''))
      .map((f): RulePart => [f.rule, values[f.name], f.name]);
    return schema ? [...own, [schema, values]] : own;
  };
  return (
    <form
      id={id}
      noValidate
      onSubmit={form.submit(onSubmit, parts, ask && ((values) => ask(values, form.setError)))}
    >
      {fields.map((f) => (
        <FormInput
          key={f.name}
          id={`${id}-${f.name}`}
          label={f.label}
          {...form.field(f.name)}
          type={f.type}
          autoComplete={f.autoComplete}
          placeholder={f.placeholder}
          hint={f.hint}
        />
      ))}
      {typeof children === 'function' ? children(form.values) : children}
      <SubmitButton busy={form.busy} locked={form.locked} text={submitText} />
    </form>
  );
};
