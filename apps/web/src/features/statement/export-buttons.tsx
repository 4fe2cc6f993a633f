import type { Route } from '@ptt/contract';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { exportFile } from '../../components/export-menu.tsx';

type Params = Record<string, string | number | undefined>;

/** CSV and XLSX buttons for one export, with the filter the screen shows. */
export const ExportButtons = ({
  endpoint,
  params,
  testId,
  label,
  name,
}: {
  endpoint: Route;
  params: Params;
  testId: string;
  /** What the file holds: the section around the buttons does not say it. */
  label: string;
  /** The file's name, without its extension: what it holds and the device's month(s) it covers. */
  name: string;
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
          onClick={() => void exportFile(endpoint, params, format, name)}
        >
          <DownlandOutline aria-hidden />
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
};
