import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';

/** A detail page whose record is gone (no id, deleted, or out of the caller's scope), instead of a skeleton. */
export const MissingRecord = () => {
  const { t } = useTranslation();
  return <ErrorBlock status="empty" title={t('msg.notFound')} description="" />;
};
