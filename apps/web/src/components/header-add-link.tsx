import { AddOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';

/** The plus in a page's top bar that opens the screen adding to what the page lists. */
export const HeaderAddLink = ({ to, label, testId }: { to: string; label: string; testId?: string }) => (
  <Link to={to} aria-label={label} className="page-header__back" data-testid={testId}>
    <AddOutline />
  </Link>
);
