import type { Endpoint, ParamsOf } from '@ptt/contract';
import CheckList from 'antd-mobile/es/components/check-list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useRef, useState } from 'react';
import { PagedList } from './paged-list.tsx';
import './terminal-picker.css';

export interface PickerRow {
  id: number;
  name: string;
  /** The SSID of a terminal; rows without one (groups) are known by their name. */
  sub?: string;
  /** A line under the name that does not name the row (a group's company). */
  meta?: string;
  /** A caution after it (a terminal a fence would not watch). */
  note?: string;
  /** Shown but not offered (a user's own group among those it could listen to); `note` says why. */
  disabled?: boolean;
}

interface Common<E extends Endpoint> {
  endpoint: E;
  /** The list's filters; the picker adds the page and, with `searchPlaceholder`, the keyword. */
  params: Omit<ParamsOf<E>, 'page' | 'size' | 'keyword'>;
  /** Offers a search by SSID or name (for lists whose endpoint takes a keyword). */
  searchPlaceholder?: string;
  empty: string;
  toRow: (row: never) => PickerRow;
}

interface Many<E extends Endpoint> extends Common<E> {
  multiple: true;
  value: number[];
  onChange: (ids: number[]) => void;
}

interface One<E extends Endpoint> extends Common<E> {
  multiple?: false;
  /** 0 for none. */
  value: number;
  /** The chosen id, with its row (null for none). */
  onChange: (id: number, row: PickerRow | null) => void;
  /** The first row, choosing nobody (no keeper, no single speaker). */
  noneLabel: string;
}

const none = 0;

/**
 * Chooses terminals (or a terminal's groups) from a paged list: searched by SSID or name where the
 * list allows it, with several picks or one (or none). The page keeps what is picked across searches.
 */
export function TerminalPicker<E extends Endpoint>(props: Many<E> | One<E>) {
  const [keyword, setKeyword] = useState('');
  // The rows shown so far, so a single pick can hand its row (a filter shows the chosen name).
  const shown = useRef(new Map<number, PickerRow>());
  const value = props.multiple ? props.value : [props.value];
  const change = (ids: readonly (string | number)[]) => {
    const numbers = ids.map(Number);
    if (props.multiple) props.onChange(numbers);
    // Tapping the chosen row again leaves nobody chosen.
    else {
      const id = numbers.at(-1) ?? none;
      props.onChange(id, shown.current.get(id) ?? null);
    }
  };
  const params = { ...props.params, keyword: keyword || undefined } as ParamsOf<E>;
  return (
    <div className="terminal-picker">
      {props.searchPlaceholder && (
        <div className="terminal-picker__search">
          <SearchBar
            placeholder={props.searchPlaceholder}
            onSearch={(v) => setKeyword(v.trim())}
            onClear={() => setKeyword('')}
          />
        </div>
      )}
      <CheckList multiple={props.multiple} value={value} onChange={change}>
        {!props.multiple && (
          <div className="terminal-picker__none">
            <CheckList.Item value={none} data-testid="check-none">
              {props.noneLabel}
            </CheckList.Item>
          </div>
        )}
        <PagedList
          endpoint={props.endpoint}
          params={props.searchPlaceholder ? params : (props.params as ParamsOf<E>)}
          empty={props.empty}
          rowKey={(r) => props.toRow(r as never).id}
          item={(r) => {
            const row = props.toRow(r as never);
            shown.current.set(row.id, row);
            return (
              <CheckList.Item
                value={row.id}
                disabled={row.disabled}
                description={[row.sub ?? row.meta, row.note].filter(Boolean).join(' · ')}
                data-testid={`check-${row.sub ?? row.name}`}
              >
                {row.name}
              </CheckList.Item>
            );
          }}
        />
      </CheckList>
    </div>
  );
}
