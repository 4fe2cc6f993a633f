import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Tile {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
}

/** The quick-create tiles of the homes. */
export const LinkTiles = ({ title, tiles }: { title: string; tiles: Tile[] }) => (
  <section className="section" aria-label={title}>
    <h2 className="section__title">{title}</h2>
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link to={tile.to} className="tile" data-testid={tile.testId}>
            <span className="tile__icon" aria-hidden>
              {tile.icon}
            </span>
            <span className="tile__label">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  </section>
);
