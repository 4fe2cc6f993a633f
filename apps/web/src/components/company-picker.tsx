import { api } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { Choice } from '../lib/choice.ts';
import { ChoiceRow } from './choice-row.tsx';
import { PagedList } from './paged-list.tsx';

interface Props {
  id: string;
  value: Choice | null;
  onChange: (choice: Choice) => void;
  /** Shown on the button while nothing is chosen, and as the sheet's title. */
  placeholder: string;
  searchText: string;
  empty: string;
  /** Offers a row that clears the choice (list filters). */
  clearText?: string;
  onClear?: () => void;
  /** Shown as a chip among a list's filters rather than as a form's row. */
  chip?: boolean;
}

/**
 * An agent's companies in a bottom sheet. Pages that need a company pick it in place, so whatever the
 * page holds (a scanned list, a half-filled form) stays where it is.
 */
export const CompanyPicker = (props: Props) => {
  const { id, value, onChange, placeholder, searchText, empty, clearText, onClear, chip } = props;
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
