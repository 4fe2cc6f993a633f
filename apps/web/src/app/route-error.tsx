import { useTranslation } from 'react-i18next';

/** Shown when a route chunk fails to load or a page throws: reloading fetches the current build. */
export const RouteError = () => {
  const { t } = useTranslation();
  return (
    <main className="status-page" role="alert">
      <h1 className="status-page__title">{t('error.title')}</h1>
      <p className="status-page__text">{t('error.text')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </main>
  );
};
