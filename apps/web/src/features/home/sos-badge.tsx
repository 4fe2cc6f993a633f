import { useTranslation } from 'react-i18next';
import { useUntreatedSosCount } from '../../api/queries/use-untreated-sos-count.ts';
import { RowBadge } from './row-badge.tsx';

/** The unprocessed SOS count, polled every 3 s: only this badge re-renders with each answer. */
export const SosBadge = () => {
  const { t } = useTranslation();
  const count = useUntreatedSosCount().data ?? 0;
  return <RowBadge count={count} testId="sos-badge" text={t('home.sosUnprocessed', { count })} />;
};
