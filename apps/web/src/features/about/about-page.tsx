import { Limits } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../components/app-logo.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProductTitle } from '../../components/use-product-title.ts';
import './about.css';

/** /about: product name and version (SPEC §9: 1.0.1). */
export const Component = () => {
  const { t } = useTranslation();
  const title = useProductTitle();
  return (
    <div className="about" data-testid="about-page">
      <PageHeader title={t('about.title')} />
      <main className="about__main">
        <div className="about__logo">
          <AppLogo size={72} />
        </div>
        <h2 className="about__name">{title}</h2>
        <p className="about__text">{t('about.description')}</p>
        <dl className="section about__facts">
          <dt>{t('about.version')}</dt>
          <dd data-testid="about-version">{Limits.version}</dd>
        </dl>
      </main>
    </div>
  );
};
