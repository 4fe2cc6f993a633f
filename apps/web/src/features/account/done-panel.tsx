import { CheckCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** What a finished account flow shows in place of its form: what happened and where to go next. */
export const DonePanel = ({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) => (
  <section className="section done-panel" data-testid="done-panel" role="status">
    <CheckCircleFill aria-hidden className="done-panel__icon" />
    <h2 className="done-panel__title">{title}</h2>
    <p className="done-panel__text">{text}</p>
    {children}
  </section>
);
