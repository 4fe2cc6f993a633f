import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  label: string;
  icon: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  autoComplete: 'username' | 'current-password';
  invalid: boolean;
  describedBy?: string;
  /** A password field gets the show/hide toggle (SPEC §4 "password visibility"). */
  secret?: boolean;
}

export const TextField = (props: Props) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { id, label, icon, value, onChange, placeholder, maxLength, autoComplete, invalid, describedBy } =
    props;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <span className="field__icon" aria-hidden>
          {icon}
        </span>
        <input
          id={id}
          name={id}
          className="field__input"
          type={props.secret && !shown ? 'password' : 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        {props.secret && (
          <button
            type="button"
            className="field__toggle"
            aria-label={t('login.showPassword')}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
          </button>
        )}
      </div>
    </div>
  );
};
