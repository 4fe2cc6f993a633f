import { api } from '@ptt/contract';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { AddOutline, LocationOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { ActionBar, withBar } from '../../components/action-bar.tsx';
import { ChooseToggle } from '../../components/choose-toggle.tsx';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { confirm } from '../../components/confirm.ts';
import { ExportMenu } from '../../components/export-menu.tsx';
import { GroupFilter } from '../../components/group-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { type Picked, putSelection } from './selection.ts';
import { UserRow } from './user-row.tsx';
import './terminal.css';

const states = ['active', 'expiring', 'expired'] as const;
type State = (typeof states)[number];
const stateText = { active: 'stateActive', expiring: 'stateExpiring', expired: 'stateExpired' } as const;

/** /userList: users in scope, filtered by company, group and service state, searched, and acted on in bulk. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAgent = getLoginInfo()?.role === 0;
  const [keyword, setKeyword] = useState('');
  // A company's screen opens its users (?orgId=&orgName=): the list starts filtered to it.
  const [search] = useSearchParams();
  const [org, setOrg] = useState<Choice | null>(() => {
    const id = Number(search.get('orgId'));
    return id > 0 ? { id, name: search.get('orgName') ?? '' } : null;
  });
  const [group, setGroup] = useState<Choice | null>(null);
  const [state, setState] = useState<State | undefined>();
  const [selecting, setSelecting] = useState(false);
  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const cardBack = useEndpointMutation(api.terminal.cardBack, {
    invalidates: [...terminalReads, ...balanceReads],
  });

  const toggle = (user: Picked) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user);
      return next;
    });
  const chosen = [...picked.values()];
  const go = (path: string) => {
    if (chosen.length === 0) return showToast(t('msg.selectUser'));
    putSelection(chosen);
    navigate(path);
  };
  const remove = async () => {
    if (chosen.length === 0) return showToast(t('msg.selectUser'));
    const ok = await confirm(
      t('terminal.confirmDelete', { count: chosen.length }),
      t('terminal.confirm'),
      t('terminal.cancel'),
    );
    if (!ok) return;
    try {
      const res = await cardBack.mutateAsync({ ids: chosen.map((u) => u.id).join(',') });
      showToast(t('terminal.deleted', res));
      setPicked(new Map());
      setSelecting(false);
    } catch {
      // The client has shown the server's message.
    }
  };

  const filter = { keyword: keyword || undefined, orgId: org?.id, groupId: group?.id, state };
  return (
    <div className={withBar(selecting)} data-testid="user-list">
      <PageHeader
        title={t('terminal.list')}
        right={
          <>
            <ExportMenu endpoint={api.terminal.export} params={filter} name="users" />
            <Link
              to="/fleetMap"
              aria-label={t('fleet.open')}
              className="page-header__back"
              data-testid="to-fleet-map"
            >
              <LocationOutline />
            </Link>
            {isAgent && (
              <Link to="/scanCodeAdd" aria-label={t('terminal.createUsers')} className="page-header__back">
                <AddOutline />
              </Link>
            )}
          </>
        }
      />
      <div className="user-filters">
        <SearchBar
          placeholder={t('terminal.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
        <div className="chips user-filters__row">
          {isAgent && (
            <span className="user-filters__org">
              <CompanyPicker
                id="user-org"
                value={org}
                onChange={(o) => {
                  setOrg(o);
                  setGroup(null);
                }}
                placeholder={t('terminal.allCompanies')}
                searchText={t('terminal.searchCompany')}
                empty={t('terminal.noCompanies')}
                clearText={t('terminal.allCompanies')}
                onClear={() => setOrg(null)}
                chip
              />
            </span>
          )}
          <GroupFilter orgId={org?.id} value={group} onChange={setGroup} />
          <ChooseToggle
            choosing={selecting}
            label={t('terminal.select')}
            done={t('terminal.selectDone')}
            testId="user-select"
            onToggle={(next) => {
              setSelecting(next);
              setPicked(new Map());
            }}
          />
        </div>
        <div className="chips user-filters__row">
          <button type="button" className="chip" aria-pressed={!state} onClick={() => setState(undefined)}>
            {t('terminal.stateAll')}
          </button>
          {states.map((s) => (
            <button
              key={s}
              type="button"
              className="chip"
              aria-pressed={state === s}
              onClick={() => setState(s)}
            >
              {t(`terminal.${stateText[s]}`)}
            </button>
          ))}
        </div>
      </div>
      <PagedList
        endpoint={api.terminal.list}
        params={filter}
        empty={t('terminal.empty')}
        testId="user-rows"
        rowKey={(u) => u.id}
        item={(u) => (
          <UserRow
            user={u}
            selecting={selecting}
            selected={picked.has(u.id)}
            onToggle={() => toggle({ id: u.id, name: u.name, ssid: u.ssid })}
          />
        )}
      />
      {selecting && (
        <ActionBar count={t('terminal.selected', { count: chosen.length })} testId="user-actions">
          {isAgent && (
            <>
              <button type="button" className="btn" onClick={() => go('/activationConfirm')}>
                {t('terminal.renew')}
              </button>
              <button type="button" className="btn" onClick={() => go('/locationPayment')}>
                {t('terminal.locate')}
              </button>
              <button type="button" className="btn btn--danger" onClick={() => void remove()}>
                {t('terminal.delete')}
              </button>
            </>
          )}
        </ActionBar>
      )}
    </div>
  );
};
