import type { Endpoint, ParamsOf } from '@ptt/contract';
import { PagedList } from './paged-list.tsx';
import './check-list.css';

interface Row {
  id: number;
  name: string;
  sub?: string;
}

interface Props<E extends Endpoint> {
  endpoint: E;
  params: ParamsOf<E>;
  empty: string;
  picked: Set<number>;
  onToggle: (id: number) => void;
  toRow: (row: never) => Row;
  /** One choice only (the single speaker): radio buttons instead of checkboxes. */
  single?: boolean;
}

/** A paged list whose rows are checkboxes (or radios); the page keeps what is picked. */
export function CheckList<E extends Endpoint>(props: Props<E>) {
  const { endpoint, params, empty, picked, onToggle, toRow, single } = props;
  return (
    <PagedList
      endpoint={endpoint}
      params={params}
      empty={empty}
      rowKey={(r) => toRow(r as never).id}
      item={(r) => {
        const row = toRow(r as never);
        return (
          <label className="row check-row" data-testid={`check-${row.sub ?? row.name}`}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name="check-list"
              checked={picked.has(row.id)}
              onChange={() => onToggle(row.id)}
            />
            <span className="row__label">
              {row.name}
              {row.sub && (
                <>
                  <br />
                  <span className="item-meta">{row.sub}</span>
                </>
              )}
            </span>
          </label>
        );
      }}
    />
  );
}
