import { useTranslation } from 'react-i18next';

/** PullToRefresh's texts in the active language (antd-mobile's defaults are Chinese only). */
export const usePullTexts = () => {
  const { t } = useTranslation();
  return {
    pullingText: t('pull.pulling'),
    canReleaseText: t('pull.canRelease'),
    refreshingText: t('pull.refreshing'),
    completeText: t('pull.complete'),
  };
};
