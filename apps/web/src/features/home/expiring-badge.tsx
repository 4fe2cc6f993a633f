import { useTranslation } from 'react-i18next';
import { useExpiringCounts } from '../../api/queries/use-expiring-counts.ts';
import { RowBadge } from './row-badge.tsx';

/** How many terminals of the caller's scope have a function due within 30 days: the radar's home badge. */
export const ExpiringBadge = () => {
  const { t } = useTranslation();
  const count = useExpiringCounts().data?.['30'] ?? 0;
  return <RowBadge count={count} testId="expiring-badge" text={t('renewal.homeBadge', { count })} />;
};
