import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppInfo } from '../../api/app-info.ts';
import { brandStyle } from '../../components/branding.ts';
import { initialOf } from '../../lib/format.ts';
import { HomeSearch } from './home-search.tsx';

interface Props {
  title: string;
  searchPlaceholder: string;
  /** undefined while the profile loads. */
  name: string | undefined;
  contact: string | undefined;
}

/** The branded top of both homes: title, search and the account card that opens /main. */
export const HomeHeader = ({ title, searchPlaceholder, name, contact }: Props) => {
  const { t } = useTranslation();
  const info = useAppInfo();
  return (
    <header className="home-header" style={brandStyle(info)}>
      <h1 className="home-header__title">{title}</h1>
      <HomeSearch placeholder={searchPlaceholder} label={t('home.search')} />
      <Link to="/main" className="home-profile" data-testid="home-profile" title={t('home.profileLink')}>
        <span className="avatar home-profile__avatar" aria-hidden>
          {name === undefined ? '' : initialOf(name)}
        </span>
        <span className="home-profile__text">
          {name === undefined ? (
            <Skeleton.Title animated className="home-profile__skeleton" />
          ) : (
            <>
              <span className="home-profile__name">{name}</span>
              <span className="home-profile__contact">
                {contact ? t('home.contact', { contact }) : t('home.noContact')}
              </span>
            </>
          )}
        </span>
        <RightOutline aria-hidden className="home-profile__arrow" />
      </Link>
    </header>
  );
};
