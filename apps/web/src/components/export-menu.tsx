import { Code, type ExportFormat, Messages, type Msg, type Route } from '@ptt/contract';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, localize, type ParamValue } from '../api/client.ts';
import { transportHooks } from '../api/transport-hooks.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { msgField } from '../i18n/languages.ts';
import { downloadBlob } from '../lib/csv.ts';
import { localDay } from '../lib/dates.ts';
import { clearLoginInfo } from '../lib/storage.ts';
import { showToast } from './toast.ts';
import './export-menu.css';

interface Props {
  /** The list's export endpoint. */
  endpoint: Route;
  /** The filters the list is shown with: the file holds the same rows. */
  params: Record<string, ParamValue>;
  /** What the file holds; its name adds the device's day and the format's extension. */
  name: string;
}

/** The envelope an export answers instead of a file: a refusal, or the session over. */
const refusalOf = async (response: Response): Promise<{ code: number; msg: Msg } | null> => {
  if (response.ok && !response.headers.get('Content-Type')?.includes('application/json')) return null;
  try {
    const body = (await response.json()) as { code?: unknown; msg?: Msg } | null;
    if (typeof body?.code === 'number' && typeof body.msg?.en === 'string')
      return { code: body.code, msg: body.msg };
  } catch {
    // Not an envelope either: said below as the server's failure.
  }
  return { code: Code.internal, msg: Messages.serverException };
};

/**
 * Downloads an export from the server (which reads the session from the query), in the screen's
 * language and with the device's time zone, which the file's time columns name, under the name the
 * screen gives it (the device's day or month of what it holds, not the server's). The file is fetched
 * first, so that an answer that is not a file (the session over, a refusal) is said, never saved;
 * offline, it says so instead. Without a format the endpoint offers none (the sales record): the file is
 * CSV.
 */
export async function exportFile(
  endpoint: Route,
  params: Record<string, ParamValue>,
  format: ExportFormat | undefined,
  name: string | ((timeZone: string) => string),
) {
  if (!navigator.onLine) return showToast(i18n.t('exportFile.offline'));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const url = buildUrl(endpoint, { ...params, format, lang: msgField[currentLanguage()], timeZone });
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method });
  } catch {
    return showToast(i18n.t('exportFile.offline'));
  }
  const refusal = await refusalOf(response);
  if (!refusal)
    return downloadBlob(
      `${typeof name === 'string' ? name : name(timeZone)}.${format ?? 'csv'}`,
      await response.blob(),
    );
  showToast(localize(refusal.msg));
  if (refusal.code === Code.unauthorized || refusal.code === Code.loginTimeoutStatus) {
    // As any call that finds the session over: the sign-in ends on this device and the login page is back.
    clearLoginInfo();
    transportHooks.toLogin();
  }
}

/** The header button that exports a list as it is filtered, as CSV or as an Excel workbook. */
export const ExportMenu = ({ endpoint, params, name }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetchFile = (format: ExportFormat) => {
    setOpen(false);
    void exportFile(endpoint, params, format, `${name}-${localDay()}`);
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
          onClick={() => void exportFile(endpoint, params, format, name)}
        >
          <DownlandOutline aria-hidden />
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
};
