import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n.ts';
import { isLanguage, type Language, languageNames, languages } from '../i18n/languages.ts';
import './language-switch.css';

interface Props {
  /**
   * The languages offered. An active language outside them (Simplified Chinese on the login page) is
   * shown as the control's value but cannot be chosen, so only the offered ones are choices.
   */
  options?: readonly Language[];
  tone?: 'light' | 'dark';
}

/** A native select: the phone's own picker, keyboard and screen-reader support come for free. */
export const LanguageSwitch = ({ options = languages, tone = 'dark' }: Props) => {
  const { t } = useTranslation();
  const active = currentLanguage();
  const offered = options.includes(active);
  return (
    <label className={`lang-switch lang-switch--${tone}`}>
      <GlobalOutline aria-hidden className="lang-switch__icon" />
      <span className="visually-hidden">{t('lang.label')}</span>
      <select
        data-testid="lang-switch"
        value={active}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {!offered && (
          <option value={active} lang={active} disabled hidden>
            {languageNames[active]}
          </option>
        )}
        {options.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {languageNames[lang]}
          </option>
        ))}
      </select>
    </label>
  );
};
