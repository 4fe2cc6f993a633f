import Badge from 'antd-mobile/es/components/badge';
import { useTranslation } from 'react-i18next';
import { useExpiringCounts } from '../../api/queries/use-expiring-counts.ts';
import { badgeText } from '../../lib/format.ts';

/** How many terminals of the caller's scope have a function due within 30 days: the radar's home badge. */
export const ExpiringBadge = () => {
  const { t } = useTranslation();
  const count = useExpiringCounts().data?.['30'] ?? 0;
  if (count <= 0) return null;
  return (
    <span className="row__badge" data-testid="expiring-badge">
      <Badge content={badgeText(count)} aria-hidden />
      <span className="visually-hidden">{t('renewal.homeBadge', { count })}</span>
    </span>
  );
};
