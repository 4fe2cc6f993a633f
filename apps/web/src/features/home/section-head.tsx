import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  /** The title's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  to: string;
  testId: string;
  /** The link's text (and its arrow). */
  children: ReactNode;
}

/** A home section's title, with a link to the screen that shows all of it. */
export const SectionHead = ({ id, title, to, testId, children }: Props) => (
  <div className="section__head">
    <h2 id={id} className="section__title">
      {title}
    </h2>
    <Link to={to} className="section__link" data-testid={testId}>
      {children}
    </Link>
  </div>
);
