import { api } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list.tsx';
import type { Choice } from '../../lib/choice.ts';

interface Props {
  groupId?: number;
  value: Choice | null;
  onChange: (terminal: Choice | null) => void;
}

/** Filters recordings by one user (of the chosen group, when there is one), found by name or SSID. */
export const TerminalFilter = ({ groupId, value, onChange }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const pick = (terminal: Choice | null) => {
    onChange(terminal);
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="chip"
        aria-pressed={Boolean(value)}
        onClick={() => setOpen(true)}
        data-testid="recording-user"
      >
        {value ? t('recording.user', { name: value.name }) : t('recording.allUsers')}{' '}
        <DownOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '70vh', overflow: 'auto' }}
      >
        <div className="picker-sheet">
          <h2 className="section__title">{t('recording.pickUser')}</h2>
          <SearchBar
            placeholder={t('recording.searchUsers')}
            onSearch={(v) => setKeyword(v.trim())}
            onClear={() => setKeyword('')}
          />
          <button type="button" className="picker-row" onClick={() => pick(null)}>
            {t('recording.allUsers')}
          </button>
          {open && (
            <PagedList
              endpoint={api.terminal.list}
              params={{ groupId, keyword: keyword || undefined }}
              empty={t('recording.noUsers')}
              rowKey={(u) => u.id}
              item={(u) => (
                <button
                  type="button"
                  className="row picker-row"
                  data-testid={`pick-user-${u.ssid}`}
                  onClick={() => pick({ id: u.id, name: u.name })}
                >
                  <span className="row__label">
                    {u.name}
                    <br />
                    <span className="item-meta">{u.ssid}</span>
                  </span>
                </button>
              )}
            />
          )}
        </div>
      </Popup>
    </>
  );
};
