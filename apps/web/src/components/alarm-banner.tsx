import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './alarm-banner.css';

export interface BannerAction {
  to: string;
  label: string;
  testId: string;
}

interface Props {
  /** alarm: red (an SOS); warning: amber (a fence alarm). */
  tone: 'alarm' | 'warning';
  icon: ReactNode;
  title: string;
  text: string;
  /** "2 more", when several wait behind the one shown. */
  more?: string;
  actions: BannerAction[];
  closeLabel: string;
  onClose: () => void;
  testId: string;
}

/**
 * An alarm that tells without blocking: a strip at the top of every screen, read out by screen readers,
 * with links to what the alarm is about and a close button. The screen under it stays usable.
 */
export const AlarmBanner = ({
  tone,
  icon,
  title,
  text,
  more,
  actions,
  closeLabel,
  onClose,
  testId,
}: Props) => (
  <div className={`alarm-banner alarm-banner--${tone}`} role="alert" data-testid={testId}>
    <span className="alarm-banner__icon" aria-hidden>
      {icon}
    </span>
    <div className="alarm-banner__body">
      <strong className="alarm-banner__title">
        {title}
        {more && <span className="alarm-banner__more">{more}</span>}
      </strong>
      <span className="alarm-banner__text" data-testid={`${testId}-text`}>
        {text}
      </span>
      <span className="alarm-banner__actions">
        {actions.map((a) => (
          <Link
            key={a.to}
            to={a.to}
            className="alarm-banner__action"
            data-testid={a.testId}
            onClick={onClose}
          >
            {a.label}
          </Link>
        ))}
      </span>
    </div>
    <button
      type="button"
      className="alarm-banner__close"
      aria-label={closeLabel}
      onClick={onClose}
      data-testid={`${testId}-close`}
    >
      <CloseOutline aria-hidden />
    </button>
  </div>
);
