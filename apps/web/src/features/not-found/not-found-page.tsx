import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getLoginInfo } from '../../lib/storage.ts';

/** /404 and every route that does not exist yet. The way back depends on whether someone is signed in. */
export const Component = () => {
  const { t } = useTranslation();
  const signedIn = getLoginInfo() !== null;
  return (
    <main className="status-page" data-testid="not-found">
      <p className="status-page__code" aria-hidden>
        404
      </p>
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <Link to={signedIn ? '/home' : '/'} replace className="btn btn--primary">
        {signedIn ? t('notFound.home') : t('notFound.login')}
      </Link>
    </main>
  );
};
