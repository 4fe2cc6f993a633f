import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';

/** A detail page whose record is gone (no id, deleted, or out of the caller's scope), instead of a skeleton. */
export const MissingRecord = () => {
  const { t } = useTranslation();
  return <ErrorBlock status="empty" title={t('msg.notFound')} description="" />;
};

/** A detail page's place while its record is not in: gone, or a skeleton while it loads. */
export const RecordPending = ({ missing }: { missing: boolean }) =>
  missing ? (
    <MissingRecord />
  ) : (
    <section className="section">
      <Skeleton.Paragraph lineCount={6} animated />
    </section>
  );
