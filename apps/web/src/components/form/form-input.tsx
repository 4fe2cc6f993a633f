import type { HTMLAttributes, ReactNode } from 'react';
import { Field, type InputProps } from './field.tsx';

interface Props extends InputProps {
  type?: 'text' | 'password' | 'tel' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /**
   * Reads pasted text before a single-line input strips its line breaks (a pasted column); true when
   * it took the text itself.
   */
  onPaste?: (text: string) => boolean;
  /** A control inside the field, after the input (the send-code button). */
  addon?: ReactNode;
}

/** A labelled input whose rule message (or hint) sits underneath and is announced with it. */
export const FormInput = ({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  addon,
  type = 'text',
  onPaste,
  ...rest
}: Props) => (
  <Field id={id} label={label} error={error} hint={hint}>
    <input
      id={id}
      name={id}
      type={type}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(event) => onChange(event.target.value)}
      onPaste={
        onPaste &&
        ((event) => {
          if (onPaste(event.clipboardData.getData('text'))) event.preventDefault();
        })
      }
      autoComplete={rest.autoComplete ?? 'off'}
      inputMode={rest.inputMode}
      placeholder={rest.placeholder}
      maxLength={rest.maxLength}
    />
    {addon}
  </Field>
);
