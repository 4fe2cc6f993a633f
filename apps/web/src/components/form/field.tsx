import type { ReactNode } from 'react';

/** What every input of a form takes: its id and label, its text value and its rule message or hint. */
export interface InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
}

interface Props {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: ReactNode;
}

/** A labelled form field with its rule message underneath. */
export const Field = ({ id, label, error, hint, children }: Props) => (
  <div className={`field${error ? ' field--invalid' : ''}`}>
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
    <div className="field__control">{children}</div>
    {error ? (
      <p className="field__error" role="alert" id={`${id}-error`}>
        {error}
      </p>
    ) : (
      hint && <p className="field__hint">{hint}</p>
    )}
  </div>
);
