import { api, ExpiryWindows, type FunctionKey } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { useEndpointPages } from '../../api/use-endpoint-query.ts';
import { ActionBar, withBar } from '../../components/action-bar.tsx';
import { companyIn } from '../../components/addressed-record.ts';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { ChooseToggle } from '../../components/choose-toggle.tsx';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { AskAgentButton } from './ask-agent-button.tsx';
import { ExpiringRow, type ExpiringTerminal } from './expiring-row.tsx';
import {
  allowedFunctions,
  filterOfSearch,
  type RadarFilter,
  type RadarOrder,
  RadarOrders,
  windowKey,
} from './filters.ts';
import { RenewSheet } from './renew-sheet.tsx';
import '../../components/company-filter.css';
import './renewal.css';

/**
 * /expiring (?orgId=&orgName=, or a notice's ?notice=&within=&function=&from=request): the expiry radar.
 * Windows as tabs, functions as chips, an agent's company filter; an agent chooses terminals (or the whole
 * window) and renews them in one go; a company chooses its users and asks its agent to renew them.
 * Opened from a reminder or a company's request, it lists the radios named that are still due, all chosen.
 */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const [search] = useSearchParams();
  const [org, setOrg] = useState<Choice | null>(() => companyIn(search));
  const [filter, setFilter] = useState<RadarFilter>(() => filterOfSearch(search));
  // Soonest expiry first: the radio that lapses tomorrow leads the list, not the last page.
  const [order, setOrder] = useState<RadarOrder>('asc');
  const fromNotice = isAgent && filter.notice !== undefined;
  const fromRequest = search.get('from') === 'request';
  const [selecting, setSelecting] = useState(fromNotice);
  const [picked, setPicked] = useState<Map<number, ExpiringTerminal>>(new Map());
  const [whole, setWhole] = useState(fromNotice);
  const [sheet, setSheet] = useState(false);
  const functions = allowedFunctions(useCardSwitch(isAgent).data);
  const params = { ...filter, orgId: org?.id };
  const listParams = { ...params, order };
  // The list's own first page (same call, same cache entry): its total is the window's size.
  const total = useEndpointPages(api.terminal.expiring, listParams).data?.pages[0]?.total ?? 0;

  const refilter = (next: Partial<RadarFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPicked(new Map());
    setWhole(false);
  };
  const toggle = (row: ExpiringTerminal) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  // Choosing rows starts and ends with none chosen: an agent's to renew, a company's to ask its agent.
  const selectToggle = (label: string) => (
    <ChooseToggle
      choosing={selecting}
      label={label}
      done={t('renewal.selectDone')}
      testId="expiring-select"
      onToggle={(next) => {
        setSelecting(next);
        setPicked(new Map());
        setWhole(false);
      }}
    />
  );
  const chosen = [...picked.values()];
  const count = whole ? total : chosen.length;
  // What the sheet offers first: the chip's function, or every function due on the chosen rows.
  const initial: FunctionKey[] =
    filter.function !== 'all'
      ? [filter.function]
      : functions.filter((fn) => chosen.some((r) => r.due.some((d) => d.function === fn)));

  return (
    <div className={withBar(selecting)} data-testid="expiring-page">
      <PageHeader title={t('renewal.title')} />
      <div className="expiring-filters">
        <ChoiceChips
          tabs
          legend={t('renewal.windows')}
          choices={ExpiryWindows}
          value={filter.within}
          onChange={(w) => refilter({ within: w })}
          label={(w) => t(`renewal.window.${windowKey[w]}`)}
          testId={(w) => `window-${w}`}
        />
        <ChoiceChips
          legend={t('renewal.functions')}
          choices={['all', ...functions] as const}
          value={filter.function}
          onChange={(fn) => refilter({ function: fn })}
          label={(fn) => (fn === 'all' ? t('renewal.allFunctions') : t(`card.${fn}`))}
          testId={(fn) => `fn-${fn}`}
          className="expiring-filters__row"
        />
        <ChoiceChips
          legend={t('renewal.order')}
          choices={RadarOrders}
          value={order}
          onChange={setOrder}
          label={(o) => t(`renewal.orders.${o}`)}
          testId={(o) => `order-${o}`}
          className="expiring-filters__row"
        />
        {isAgent && (
          <div className="chips expiring-filters__row">
            <span className="expiring-filters__org company-filter">
              <CompanyPicker
                id="expiring-org"
                chip
                value={org}
                onChange={(o: Choice | null) => {
                  setOrg(o);
                  refilter({});
                }}
                anyText={t('renewal.allCompanies')}
                searchText={t('renewal.searchCompany')}
                empty={t('renewal.noCompanies')}
              />
            </span>
            {selectToggle(t('renewal.select'))}
          </div>
        )}
        {selecting && isAgent && (
          <Checkbox
            className="expiring-filters__row expiring-whole"
            checked={whole}
            disabled={total === 0}
            onChange={setWhole}
            data-testid="expiring-whole"
          >
            {t('renewal.wholeWindow', { count: total })}
          </Checkbox>
        )}
        {filter.notice !== undefined && (
          <div className="chips expiring-filters__row" data-testid="expiring-notice">
            <span className="item-meta expiring-filters__notice">
              {t(fromRequest ? 'renewal.fromRequest' : 'renewal.fromNotice', { count: total })}
            </span>
            <button
              type="button"
              className="chip"
              data-testid="expiring-show-all"
              onClick={() => refilter({ notice: undefined })}
            >
              {t('renewal.showAll')}
            </button>
          </div>
        )}
        {!isAgent && (
          <div className="expiring-filters__row expiring-ask">
            <p className="item-meta expiring-ask__text">{t('renewal.readOnly')}</p>
            {selectToggle(t('renewal.askSelect'))}
          </div>
        )}
      </div>
      <PagedList
        endpoint={api.terminal.expiring}
        params={listParams}
        empty={t('renewal.empty')}
        testId="expiring-rows"
        rowKey={(r) => r.id}
        item={(r) => (
          <ExpiringRow
            row={r}
            selection={
              selecting
                ? { selected: whole || picked.has(r.id), locked: whole, onToggle: () => toggle(r) }
                : null
            }
          />
        )}
      />
      {selecting && (
        <ActionBar
          count={whole ? t('renewal.wholeWindow', { count }) : t('renewal.selected', { count })}
          testId="expiring-actions"
          countTestId="expiring-count"
        >
          {isAgent ? (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="expiring-renew"
              onClick={() => (count === 0 ? showToast(t('msg.selectUser')) : setSheet(true))}
            >
              {t('renewal.renew')}
            </button>
          ) : (
            <AskAgentButton
              ids={chosen.map((r) => r.id)}
              within={filter.within}
              onDone={() => {
                setPicked(new Map());
                setSelecting(false);
              }}
            />
          )}
        </ActionBar>
      )}
      {sheet && (
        <RenewSheet
          ids={whole ? null : chosen.map((r) => r.id)}
          filter={params}
          count={count}
          functions={functions}
          initial={initial}
          onClose={() => setSheet(false)}
          onDone={() => {
            setSheet(false);
            setPicked(new Map());
            setWhole(false);
            setSelecting(false);
          }}
        />
      )}
    </div>
  );
};
