import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  title: ReactNode;
  /** Where the back arrow goes; without it the arrow goes back in history. */
  backTo?: string;
  showBack?: boolean;
  right?: ReactNode;
}

/** The top bar of the secondary screens. */
export const PageHeader = ({ title, backTo, showBack = true, right }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    if (backTo) navigate(backTo);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/home');
  };
  return (
    <header className="page-header">
      {showBack ? (
        <button type="button" className="page-header__back" onClick={back} aria-label={t('common.back')}>
          <LeftOutline aria-hidden />
        </button>
      ) : (
        <span className="page-header__spacer" />
      )}
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__right">{right}</div>
    </header>
  );
};
