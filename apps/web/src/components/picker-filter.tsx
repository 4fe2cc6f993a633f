import type { Endpoint } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { Choice } from '../lib/choice.ts';
import { type PickerRow, TerminalPicker } from './terminal-picker.tsx';

interface Props<E extends Endpoint> {
  endpoint: E;
  params: Parameters<typeof TerminalPicker<E>>[0]['params'];
  toRow: (row: never) => PickerRow;
  /** Offers a search by SSID or name (for lists whose endpoint takes a keyword). */
  searchPlaceholder?: string;
  /** The sheet's heading. */
  title: string;
  /** The chip and the first row of the sheet when nothing is chosen. */
  allText: string;
  /** The chip's text for a choice. */
  chosenText?: (choice: Choice) => string;
  empty: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  testId?: string;
}

/**
 * A list filter by one record (a group, a user): a chip that opens the terminal picker in a sheet; the
 * first row (or the chosen row tapped again) filters by none.
 */
export function PickerFilter<E extends Endpoint>(props: Props<E>) {
  const { value, onChange, title, allText, chosenText = (c) => c.name } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chip"
        aria-pressed={Boolean(value)}
        onClick={() => setOpen(true)}
        data-testid={props.testId}
      >
        {value ? chosenText(value) : allText} <DownOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '70vh', overflow: 'auto' }}
      >
        <div className="picker-sheet">
          <h2 className="section__title">{title}</h2>
          {open && (
            <TerminalPicker
              endpoint={props.endpoint}
              params={props.params}
              toRow={props.toRow}
              searchPlaceholder={props.searchPlaceholder}
              empty={props.empty}
              value={value?.id ?? 0}
              noneLabel={allText}
              onChange={(_id, row) => {
                onChange(row && { id: row.id, name: row.name });
                setOpen(false);
              }}
            />
          )}
        </div>
      </Popup>
    </>
  );
}
