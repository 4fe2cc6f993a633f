import type { ReactNode } from 'react';

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
