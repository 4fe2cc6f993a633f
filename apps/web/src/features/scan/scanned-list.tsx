import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

/** The scanned SSIDs, numbered, each with what the screen adds to its row (a mark, a remove button). */
export const ScannedRows = ({ ssids, end }: { ssids: string[]; end: (ssid: string) => ReactNode }) => (
  <ul className="rows">
    {ssids.map((ssid, i) => (
      <li key={ssid}>
        <div className="row">
          <span className="scan-index">{i + 1}</span>
          <span className="row__label scan-mono">{ssid}</span>
          {end(ssid)}
        </div>
      </li>
    ))}
  </ul>
);

interface ActionProps {
  testId: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** The scan flow's step button, held at the foot of the screen. */
export const ScanAction = ({ testId, children, ...button }: ActionProps) => (
  <div className="scan-footer">
    <Button block color="primary" size="large" shape="rounded" data-testid={testId} {...button}>
      {children}
    </Button>
  </div>
);
