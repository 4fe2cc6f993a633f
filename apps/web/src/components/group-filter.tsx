import { api } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../lib/choice.ts';
import { PagedList } from './paged-list.tsx';

interface Props {
  orgId?: number;
  value: Choice | null;
  onChange: (group: Choice | null) => void;
}

/** Filters the user list by one group (of the chosen company, when there is one). */
export const GroupFilter = ({ orgId, value, onChange }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pick = (group: Choice | null) => {
    onChange(group);
    setOpen(false);
  };
  return (
    <>
      <button type="button" className="chip" aria-pressed={Boolean(value)} onClick={() => setOpen(true)}>
        {value?.name ?? t('terminal.allGroups')} <DownOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '70vh', overflow: 'auto' }}
      >
        <div className="picker-sheet">
          <h2 className="section__title">{t('terminal.group')}</h2>
          <button type="button" className="picker-row" onClick={() => pick(null)}>
            {t('terminal.allGroups')}
          </button>
          {open && (
            <PagedList
              endpoint={api.group.list}
              params={{ orgId }}
              empty={t('terminal.noGroups')}
              rowKey={(g) => g.id}
              item={(g) => (
                <button
                  type="button"
                  className="row picker-row"
                  onClick={() => pick({ id: g.id, name: g.name })}
                >
                  <span className="row__label">
                    {g.name}
                    <br />
                    <span className="item-meta">{g.org_name}</span>
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
