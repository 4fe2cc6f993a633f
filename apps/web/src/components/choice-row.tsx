import { RightOutline } from 'antd-mobile-icons';

interface Props {
  label: string;
  onChoose: () => void;
  /** An arrow at the end, where choosing leaves the screen. */
  arrow?: boolean;
}

/** A row of a list to choose from (a company, an agent): tapping it chooses its record. */
export const ChoiceRow = ({ label, onChoose, arrow }: Props) => (
  <button type="button" className="row picker-row" onClick={onChoose}>
    <span className="row__label">{label}</span>
    {arrow && <RightOutline aria-hidden className="row__arrow" />}
  </button>
);
