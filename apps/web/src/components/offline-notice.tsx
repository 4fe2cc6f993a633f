import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useTranslation } from 'react-i18next';

/** The notice over every page while the app is offline: what is on screen stays, calls wait for the network. */
const OfflineNotice = () => {
  const { t } = useTranslation();
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <NoticeBar content={t('app.offline')} color="alert" wrap />
    </div>
  );
};

export default OfflineNotice;
