import Badge from 'antd-mobile/es/components/badge';
import { useTranslation } from 'react-i18next';
import { useUntreatedSosCount } from '../../api/queries/use-untreated-sos-count.ts';
import { badgeText } from '../../lib/format.ts';

/** The unprocessed SOS count, polled every 3 s: only this badge re-renders with each answer. */
export const SosBadge = () => {
  const { t } = useTranslation();
  const count = useUntreatedSosCount().data ?? 0;
  if (count <= 0) return null;
  return (
    <span className="row__badge" data-testid="sos-badge">
      <Badge content={badgeText(count)} aria-hidden />
      <span className="visually-hidden">{t('home.sosUnprocessed', { count })}</span>
    </span>
  );
};
