import type { ReactNode } from 'react';
import './detail.css';

interface Props {
  title: string;
  children: ReactNode;
  testId?: string;
}

/** A folded part of a detail screen (an edit form): a row that opens in place. */
export const Disclosure = ({ title, children, testId }: Props) => (
  <details className="disclosure" data-testid={testId}>
    <summary>{title}</summary>
    <div className="disclosure__body">{children}</div>
  </details>
);
