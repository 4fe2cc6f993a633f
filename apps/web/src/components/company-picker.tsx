import { api } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { Choice } from '../lib/choice.ts';
import { ChoiceRow } from './choice-row.tsx';
import { PagedList } from './paged-list.tsx';

interface Base {
  id: string;
  value: Choice | null;
  searchText: string;
  empty: string;
  /** Shown as a chip among a list's filters rather than as a form's row. */
  chip?: boolean;
}

interface FormProps extends Base {
  onChange: (choice: Choice) => void;
  /** Shown on the button while nothing is chosen, and as the sheet's title. */
  placeholder: string;
  /** Offers a row that clears the choice (list filters). */
  clearText?: string;
  onClear?: () => void;
  anyText?: undefined;
}

interface FilterProps extends Base {
  /**
   * A list filter's "any company" (all of them, or the caller's own): the button's text while none is
   * chosen, the sheet's title, and its first row, which chooses none (`onChange(null)`).
   */
  anyText: string;
  onChange: (choice: Choice | null) => void;
}

type Props = FormProps | FilterProps;

/**
 * An agent's companies in a bottom sheet. Pages that need a company pick it in place, so whatever the
 * page holds (a scanned list, a half-filled form) stays where it is.
 */
export const CompanyPicker = (props: Props) => {
  const { id, value, onChange, searchText, empty, chip } = props;
  const { placeholder, clearText, onClear } =
    props.anyText === undefined
      ? props
      : { placeholder: props.anyText, clearText: props.anyText, onClear: () => props.onChange(null) };
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  return (
    <>
      <button
        id={id}
        type="button"
        className={chip ? 'picker-row chip' : 'picker-row'}
        data-testid={`${id}-button`}
        onClick={() => setOpen(true)}
      >
        <span>{value?.name ?? placeholder}</span>
        <RightOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '75vh', overflow: 'auto' }}
      >
        <div className="picker-sheet" data-testid={`${id}-sheet`}>
          <h2 className="section__title">{placeholder}</h2>
          <SearchBar placeholder={searchText} onSearch={setKeyword} onClear={() => setKeyword('')} />
          {clearText && onClear && (
            <button
              type="button"
              className="picker-row"
              onClick={() => {
                onClear();
                setOpen(false);
              }}
            >
              {clearText}
            </button>
          )}
          {open && (
            <PagedList
              endpoint={api.agent.orgs}
              params={{ keyword: keyword || undefined }}
              empty={empty}
              rowKey={(o) => o.id}
              item={(o) => (
                <ChoiceRow
                  label={o.corg_name}
                  onChoose={() => {
                    onChange({ id: o.id, name: o.corg_name });
                    setOpen(false);
                  }}
                />
              )}
            />
          )}
        </div>
      </Popup>
    </>
  );
};
