import { useTranslation } from 'react-i18next';

/** A CSS-only spinner; it shows while a lazy page loads, before any UI kit code has arrived. */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
};
