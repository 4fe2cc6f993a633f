import type { ExportFormat, Route } from '@ptt/contract';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, type ParamValue } from '../api/client.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { msgField } from '../i18n/languages.ts';
import { downloadUrl } from '../lib/csv.ts';
import { showToast } from './toast.ts';
import './export-menu.css';

interface Props {
  /** The list's export endpoint. */
  endpoint: Route;
  /** The filters the list is shown with: the file holds the same rows. */
  params: Record<string, ParamValue>;
  /** The file's name, without its extension. */
  name: string;
}

/**
 * Downloads an export straight from the server (which reads the session from the query), in the
 * screen's language and with the device's time zone, which the file's time columns name; offline, it
 * says so instead. Without a format the endpoint offers none (the sales record): the file is CSV.
 */
export function exportFile(
  endpoint: Route,
  params: Record<string, ParamValue>,
  format: ExportFormat | undefined,
  name: string | ((timeZone: string) => string),
) {
  if (!navigator.onLine) return showToast(i18n.t('exportFile.offline'));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  downloadUrl(
    buildUrl(endpoint, { ...params, format, lang: msgField[currentLanguage()], timeZone }),
    `${typeof name === 'string' ? name : name(timeZone)}.${format ?? 'csv'}`,
  );
}

/** The header button that exports a list as it is filtered, as CSV or as an Excel workbook. */
export const ExportMenu = ({ endpoint, params, name }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetchFile = (format: ExportFormat) => {
    setOpen(false);
    exportFile(endpoint, params, format, name);
  };
  return (
    <>
      <button
        type="button"
        className="page-header__back"
        aria-label={t('exportFile.open')}
        data-testid="export-open"
        onClick={() => setOpen(true)}
      >
        <DownlandOutline aria-hidden />
      </button>
      <ActionSheet
        visible={open}
        extra={t('exportFile.title')}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'csv', text: t('exportFile.csv'), onClick: () => fetchFile('csv') },
          { key: 'xlsx', text: t('exportFile.xlsx'), onClick: () => fetchFile('xlsx') },
        ]}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** CSV and XLSX buttons for one export under a label, with the filter the screen shows. */
export const ExportButtons = ({
  endpoint,
  params,
  testId,
  label,
  name,
}: {
  endpoint: Route;
  params: Record<string, ParamValue>;
  testId: string;
  /** What the file holds: the section around the buttons does not say it. */
  label: string;
  /** The file's name, without its extension. */
  name: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className="export-buttons">
      <span className="item-meta export-buttons__label">{label}</span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn"
          data-testid={`${testId}-${format}`}
          aria-label={`${label}: ${t(format === 'csv' ? 'statement.exportCsv' : 'statement.exportXlsx')}`}
          onClick={() => exportFile(endpoint, params, format, name)}
        >
          <DownlandOutline aria-hidden />
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
};
