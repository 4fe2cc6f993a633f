import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormInput } from '../../components/form/form-input.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';

interface Props {
  name: string;
  label: string;
  value: string;
  /** The contract rule of the value. */
  rule: z.ZodType;
  /** Sends the value (with `toast: false`); a rejection keeps the editor open with the message. */
  onSave: (value: string) => Promise<void>;
  type?: 'text' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  autoComplete?: string;
}

/** One profile value: shown with an Edit button, edited in place and checked with its rule. */
export const EditRow = ({ name, label, value, rule, onSave, ...input }: Props) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const form = useRuleForm({ [name]: value });
  const draft = form.values[name] ?? '';

  const save = async () => {
    if (!form.check([rule, draft, name])) return;
    await form.run(async () => {
      await onSave(draft.trim());
      setEditing(false);
    });
  };

  if (!editing) {
    return (
      <div className="profile-row" data-testid={`profile-${name}`}>
        <span className="profile-row__label">{label}</span>
        <span className={`profile-row__value${value ? '' : ' profile-row__value--empty'}`}>
          {value || t('account.profile.notSet')}
        </span>
        <button
          type="button"
          className="profile-row__edit"
          aria-label={t('account.profile.editField', { field: label })}
          data-testid={`edit-${name}`}
          onClick={() => {
            form.setValues({ [name]: value });
            setEditing(true);
          }}
        >
          {t('account.profile.edit')}
        </button>
      </div>
    );
  }
  return (
    <form
      id={`profile-${name}`}
      className="profile-row profile-row--editing"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.guard(() => void save())();
      }}
    >
      <FormInput
        id={`profile-${name}-input`}
        label={label}
        value={draft}
        onChange={form.set(name)}
        error={form.errors[name]}
        autoComplete={input.autoComplete}
        type={input.type}
        inputMode={input.inputMode}
        maxLength={input.maxLength}
      />
      <div className="profile-row__actions">
        <button type="button" className="btn" onClick={() => setEditing(false)}>
          {t('account.profile.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          data-testid={`save-${name}`}
          disabled={form.busy || form.locked}
        >
          {t('account.profile.save')}
        </button>
      </div>
    </form>
  );
};
