import { useTranslation } from 'react-i18next';
import { expiryKind } from './expiry.ts';

/** One function's expiry: 'Permanent', 'until 2027-05-01', 'expired …' or 'Not activated'. */
export const ExpiryText = ({ date }: { date: string | null | undefined }) => {
  const { t } = useTranslation();
  const kind = expiryKind(date);
  const day = date?.slice(0, 10) ?? '';
  const text = {
    none: t('terminal.notActive'),
    permanent: t('terminal.permanent'),
    active: t('terminal.until', { date: day }),
    expired: t('terminal.expiredOn', { date: day }),
  }[kind];
  return <span className={`expiry expiry--${kind}`}>{text}</span>;
};
