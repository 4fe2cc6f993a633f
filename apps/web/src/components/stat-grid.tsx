import './detail.css';

export interface Stat {
  key: string;
  label: string;
  value: number | string;
  testId?: string;
}

/** Numbers of a detail screen (balances, counts) as tiles, three to a row. */
export const StatGrid = ({ items, label }: { items: Stat[]; label: string }) => (
  <ul className="stat-grid" aria-label={label}>
    {items.map((s) => (
      <li key={s.key} className="stat" data-testid={s.testId}>
        <span className="stat__label">{s.label}</span>
        <span className="stat__value">{s.value}</span>
      </li>
    ))}
  </ul>
);
