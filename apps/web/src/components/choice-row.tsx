import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  onChoose: () => void;
  /** A smaller line under the label (an agent's account, a group's company). */
  meta?: ReactNode;
  /** An arrow at the end, where choosing leaves the screen. */
  arrow?: boolean;
}

/** A row of a list to choose from (a company, an agent): tapping it chooses its record. */
export const ChoiceRow = ({ label, onChoose, meta, arrow }: Props) => (
  <button type="button" className="row picker-row" onClick={onChoose}>
    <span className="row__label">
      {label}
      {meta !== undefined && (
        <>
          <br />
          <span className="item-meta">{meta}</span>
        </>
      )}
    </span>
    {arrow && <RightOutline aria-hidden className="row__arrow" />}
  </button>
);
