import { Limits } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info.ts';
import { AppLogo } from '../../components/app-logo.tsx';
import { brandStyle } from '../../components/branding.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useProductTitle } from '../../components/use-product-title.ts';
import { loginLanguages } from '../../i18n/languages.ts';
import { LoginForm } from './login-form.tsx';
import './login.css';

/** The login's calls and validation (the endpoint table and zod) load on the visitor's first input. */
export const warm = () => import('./login-actions.ts');

/** The login screen of SPEC §2. */
export const Component = () => {
  const { t } = useTranslation();
  const info = useAppInfo();
  const title = useProductTitle();
  return (
    <div className="login" data-testid="login-page">
      <header className="login__hero" style={brandStyle(info)}>
        <div className="login__toolbar">
          <LanguageSwitch options={loginLanguages} tone="light" />
        </div>
        <AppLogo size={64} />
        <h1 className="login__title">{title}</h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>
      </header>
      <main className="login__main">
        <h2 className="visually-hidden">{t('login.heading')}</h2>
        <LoginForm />
      </main>
      <footer className="login__footer">
        <p>{t('login.copyright', { year: new Date().getFullYear(), title })}</p>
        <p data-testid="app-version">{t('login.version', { version: Limits.version })}</p>
      </footer>
    </div>
  );
};
