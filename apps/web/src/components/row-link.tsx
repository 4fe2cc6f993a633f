import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  to: string;
  label: string;
  testId?: string;
  icon?: ReactNode;
  /** What stands between the label and the arrow: a count, a badge, the current value. */
  children?: ReactNode;
}

/** A list row that opens another screen: its icon, its label, what it holds, an arrow. */
export const RowLink = ({ to, label, testId, icon, children }: Props) => (
  <Link to={to} className="row" data-testid={testId}>
    {icon && (
      <span className="row__icon" aria-hidden>
        {icon}
      </span>
    )}
    <span className="row__label">{label}</span>
    {children}
    <RightOutline aria-hidden className="row__arrow" />
  </Link>
);
