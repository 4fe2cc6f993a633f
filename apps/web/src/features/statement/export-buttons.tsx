import type { Route } from '@ptt/contract';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { msgField } from '../../i18n/languages.ts';

type Params = Record<string, string | number | undefined>;

/**
 * Downloads a file straight from the server, which reads the session from the query (SPEC §7); the
 * titles and names come in the screen's language.
 */
const download = (endpoint: Route, params: Params, format: 'csv' | 'xlsx') => {
  const link = document.createElement('a');
  link.href = buildUrl(endpoint, { ...params, format, lang: msgField[currentLanguage()] });
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
};

/** CSV and XLSX buttons for one export, with the filter the screen shows. */
export const ExportButtons = ({
  endpoint,
  params,
  testId,
  label,
}: {
  endpoint: Route;
  params: Params;
  testId: string;
  /** What the file holds: the section around the buttons does not say it. */
  label: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className="statement-export">
      <span className="item-meta statement-export__label">{label}</span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn"
          data-testid={`${testId}-${format}`}
          aria-label={`${label}: ${t(format === 'csv' ? 'statement.exportCsv' : 'statement.exportXlsx')}`}
          onClick={() => download(endpoint, params, format)}
        >
          <DownlandOutline aria-hidden />
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
};
