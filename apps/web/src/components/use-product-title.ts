import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../api/app-info.ts';
import { productName } from '../i18n/languages.ts';

/**
 * The product title: an operator's own branding title wins over the translated default. The server's
 * built-in title is our English product name, which is translated like any other text.
 */
export const useProductTitle = (): string => {
  const { t } = useTranslation();
  const info = useAppInfo();
  const branded = info?.title?.trim();
  return branded && branded !== productName ? branded : t('app.title');
};
