interface Props<T extends string | number> {
  /** What is being chosen, for screen readers. */
  legend: string;
  choices: readonly T[];
  value: T;
  onChange: (choice: T) => void;
  label: (choice: T) => string;
  testId: (choice: T) => string;
  /** Tabs across the page (a report's reach, the radar's window) rather than a row of chips. */
  tabs?: boolean;
  className?: string;
}

/** One choice among a few, as a row of chips (a list's status, month or order) or as tabs. */
export function ChoiceChips<T extends string | number>(p: Props<T>) {
  const { choices, value, tabs } = p;
  // A tab says it is selected, a chip that it is pressed.
  const chosen = (c: T) =>
    tabs ? { role: 'tab', 'aria-selected': value === c } : { 'aria-pressed': value === c };
  const buttons = choices.map((c) => (
    <button
      key={c}
      type="button"
      {...chosen(c)}
      className={tabs ? 'segmented__item' : 'chip'}
      data-testid={p.testId(c)}
      onClick={() => p.onChange(c)}
    >
      {p.label(c)}
    </button>
  ));
  if (tabs)
    return (
      <div className="segmented" role="tablist" aria-label={p.legend}>
        {buttons}
      </div>
    );
  return (
    <fieldset className={p.className ? `chips ${p.className}` : 'chips'}>
      <legend className="visually-hidden">{p.legend}</legend>
      {buttons}
    </fieldset>
  );
}
