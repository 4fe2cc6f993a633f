/**
 * The chip that starts and ends choosing rows of a list: pressed while choosing, it then reads `done`.
 * `onToggle` gets whether choosing now starts; the page clears what was chosen either way.
 */
export function ChooseToggle({
  choosing,
  label,
  done,
  testId,
  onToggle,
}: {
  choosing: boolean;
  label: string;
  done: string;
  testId: string;
  onToggle: (choosing: boolean) => void;
}) {
  return (
    <button
      type="button"
      className="chip"
      aria-pressed={choosing}
      data-testid={testId}
      onClick={() => onToggle(!choosing)}
    >
      {choosing ? done : label}
    </button>
  );
}
