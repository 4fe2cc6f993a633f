import type { ReactNode } from 'react';

interface Props {
  /** The title's id: it names the section for screen readers. */
  id: string;
  title: string;
  /** Classes besides `section`. */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A section of a screen under its own title. */
export const TitledSection = ({ id, title, className, testId, children }: Props) => (
  <section
    className={className ? `section ${className}` : 'section'}
    aria-labelledby={id}
    data-testid={testId}
  >
    <h2 id={id} className="section__title">
      {title}
    </h2>
    {children}
  </section>
);
