import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { GroupFilter } from '../../components/group-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { FleetList } from './fleet-list.tsx';
import { FleetMapView } from './fleet-map-view.tsx';
import { FleetSheet } from './fleet-sheet.tsx';
import { FleetSummary } from './fleet-summary.tsx';
import { useFleet } from './use-fleet.ts';
import '../../components/company-filter.css';
import './fleet.css';

type View = 'map' | 'list';

/**
 * /fleetMap: every terminal of a company at its last position, green online, grey offline, red in SOS,
 * kept live by the event stream; as a map or as a list. An agent first chooses the company.
 */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const [org, setOrg] = useState<Choice | null>(null);
  const [group, setGroup] = useState<Choice | null>(null);
  const [view, setView] = useState<View>('map');
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ terminalId: number } | null>(null);
  const ready = !isAgent || org !== null;
  const { store, query, loaded, loadingMore } = useFleet({ orgId: org?.id, groupId: group?.id }, ready);

  const showOnMap = (terminalId: number) => {
    setSelected(null);
    setView('map');
    setFocus({ terminalId });
  };

  return (
    <div className={`page fleet-page fleet-page--${view}`} data-testid="fleet-page">
      <PageHeader title={t('fleet.title')} />
      <div className="chips fleet-filters">
        {isAgent && (
          <span className="fleet-filters__org company-filter">
            <CompanyPicker
              id="fleet-org"
              chip
              value={org}
              onChange={(o) => {
                setOrg(o);
                setGroup(null);
                setSelected(null);
              }}
              placeholder={t('fleet.chooseCompany')}
              searchText={t('fleet.searchCompany')}
              empty={t('fleet.noCompanies')}
            />
          </span>
        )}
        {ready && <GroupFilter orgId={org?.id} value={group} onChange={setGroup} />}
      </div>
      <div className="segmented fleet-tabs">
        {(['map', 'list'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="segmented__item"
            aria-pressed={view === v}
            data-testid={`fleet-view-${v}`}
            onClick={() => {
              setView(v);
              setFocus(null);
            }}
          >
            {t(`fleet.${v}`)}
          </button>
        ))}
      </div>
      {!ready && <p className="fleet-empty">{t('fleet.pickFirst')}</p>}
      {ready && (
        <div className="fleet-body" aria-busy={query.isPending || loadingMore} data-loaded={loaded}>
          <FleetSummary store={store} />
          {loadingMore && (
            // A div: the spinner is one, and a div inside a paragraph is invalid HTML.
            <div className="fleet-loading" role="status" data-testid="fleet-loading-more">
              <SpinLoading aria-hidden style={{ '--size': '16px' }} /> {t('fleet.loadingMore')}
            </div>
          )}
          {view === 'map' ? (
            <FleetMapView store={store} onSelect={setSelected} focus={focus} label={t('fleet.mapLabel')} />
          ) : (
            <FleetList store={store} onSelect={setSelected} />
          )}
        </div>
      )}
      <FleetSheet
        store={store}
        terminalId={selected}
        onClose={() => setSelected(null)}
        onShowOnMap={showOnMap}
      />
    </div>
  );
};
