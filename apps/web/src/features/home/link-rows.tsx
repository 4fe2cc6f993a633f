import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
          <Link to={row.to} className="row" data-testid={row.testId}>
            <span className="row__icon" aria-hidden>
              {row.icon}
            </span>
            <span className="row__label">{row.label}</span>
            {row.extra}
            {row.count === null && <Skeleton animated className="row__skeleton" />}
            {typeof row.count === 'number' && <span className="row__count">{row.count}</span>}
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        </li>
      ))}
    </ul>
  </section>
);
