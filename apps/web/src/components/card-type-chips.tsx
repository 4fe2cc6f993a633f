import type { CardTypes } from '@ptt/contract';
import { useTranslation } from 'react-i18next';

type CardType = (typeof CardTypes)[number];

interface Props {
  /** The card types offered: the agent's switched-on ones. */
  cards: readonly CardType[];
  /** The chosen card type's code; undefined: all. */
  value: number | undefined;
  onChange: (cardType: number | undefined) => void;
  legend: string;
  allText: string;
  /** Test ids: `<prefix>-all`, then `<prefix>-<card key>` (or `<prefix>-<code>` with `byCode`). */
  testIdPrefix: string;
  byCode?: boolean;
  className?: string;
}

/** The chips that filter a record by card type, "all" first. */
export function CardTypeChips({
  cards,
  value,
  onChange,
  legend,
  allText,
  testIdPrefix,
  byCode,
  className,
}: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className={`chips${className ? ` ${className}` : ''}`}>
      <legend className="visually-hidden">{legend}</legend>
      <button
        type="button"
        className="chip"
        aria-pressed={value === undefined}
        data-testid={`${testIdPrefix}-all`}
        onClick={() => onChange(undefined)}
      >
        {allText}
      </button>
      {cards.map((c) => (
        <button
          key={c.code}
          type="button"
          className="chip"
          aria-pressed={value === c.code}
          data-testid={`${testIdPrefix}-${byCode ? c.code : c.key}`}
          onClick={() => onChange(c.code)}
        >
          {t(`card.${c.key}`)}
        </button>
      ))}
    </fieldset>
  );
}
