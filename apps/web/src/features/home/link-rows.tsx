import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { RowLink } from '../../components/row-link.tsx';

export interface Row {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  /** A count shown at the end; null while it loads, undefined for rows without one. */
  count?: number | null;
  /** Something beside the label, such as the unprocessed SOS badge. */
  extra?: ReactNode;
}

/** Rows that open the list screens, with their counts. */
export const LinkRows = ({ title, rows }: { title: string; rows: Row[] }) => (
  <section className="section section--list" aria-label={title}>
    <h2 className="section__title">{title}</h2>
    <ul className="rows">
      {rows.map((row) => (
        <li key={row.to}>
          <RowLink to={row.to} label={row.label} icon={row.icon} testId={row.testId}>
            {row.extra}
            {row.count === null && <Skeleton animated className="row__skeleton" />}
            {typeof row.count === 'number' && <span className="row__count">{row.count}</span>}
          </RowLink>
        </li>
      ))}
    </ul>
  </section>
);
