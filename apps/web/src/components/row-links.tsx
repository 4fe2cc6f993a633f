import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';

export interface RowLink {
  to: string;
  label: string;
  testId: string;
}

/** The rows that open a record's other screens (its members, its track, its recordings). */
export const RowLinks = ({ links, className }: { links: RowLink[]; className?: string }) => (
  <ul className={className ? `rows ${className}` : 'rows'}>
    {links.map((l) => (
      <li key={l.to}>
        <Link to={l.to} className="row" data-testid={l.testId}>
          <span className="row__label">{l.label}</span>
          <RightOutline aria-hidden className="row__arrow" />
        </Link>
      </li>
    ))}
  </ul>
);
