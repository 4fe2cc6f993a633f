import type { ReactNode } from 'react';
import './action-bar.css';

/** The class of a page that shows an `ActionBar`: its last rows stay above the bar. */
export const withBar = (shown: boolean) => (shown ? 'page page--with-bar' : 'page');

/**
 * The bar held at the foot of the screen while rows are chosen: how many are, and what to do with them.
 * Its look comes with it, whichever screen opens first.
 */
export const ActionBar = ({
  count,
  testId,
  countTestId,
  children,
}: {
  count: ReactNode;
  testId: string;
  countTestId?: string;
  children: ReactNode;
}) => (
  <div className="action-bar" data-testid={testId}>
    <span className="action-bar__count" data-testid={countTestId}>
      {count}
    </span>
    {children}
  </div>
);
