import { api, type DataOf } from '@ptt/contract';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { Field } from '../../components/form/field.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { msgField } from '../../i18n/languages.ts';

export type Place = DataOf<typeof api.location.places>['list'][number];

/**
 * A town of the server's gazetteer found by name; the one tapped moves the drawing map there. The query
 * is checked by the contract's rule before it is sent.
 */
export const PlaceSearch = ({ onPick }: { onPick: (p: Place) => void }) => {
  const { t } = useTranslation();
  const form = useRuleForm({ q: '' });
  const [asked, setAsked] = useState('');
  const [picked, setPicked] = useState<Place | null>(null);
  const found = useEndpointQuery(
    api.location.places,
    { q: asked, lang: msgField[currentLanguage()] },
    { enabled: asked !== '' },
  );
  const list = found.data?.list ?? [];
  // A search sends nothing that changes: no double-click window, only the contract's rule first.
  const search = () => {
    if (!form.check([api.location.places.params, { q: form.values.q }, 'q'])) return;
    setPicked(null);
    setAsked(form.values.q.trim());
  };
  return (
    <div className="place-search" data-testid="place-search">
      <Field id="place-q" label={t('fence.place.label')} error={form.errors.q}>
        <input
          id="place-q"
          type="search"
          enterKeyHint="search"
          value={form.values.q}
          placeholder={t('fence.place.placeholder')}
          aria-invalid={form.errors.q ? true : undefined}
          onChange={(e) => form.set('q')(e.target.value)}
          onKeyDown={(e) => {
            // Inside the fence's form: Enter searches instead of saving the fence.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            search();
          }}
        />
        <button type="button" className="btn place-search__go" data-testid="place-go" onClick={search}>
          {t('fence.place.search')}
        </button>
      </Field>
      {!picked && asked !== '' && found.isFetching && (
        // The first search after the server starts reads its gazetteer: say that it is working.
        <p className="field__hint place-search__busy" data-testid="place-busy" aria-live="polite">
          <SpinLoading style={{ '--size': '16px' }} aria-hidden />
          {t('fence.place.searching')}
        </p>
      )}
      {picked && (
        <p className="field__hint" data-testid="place-picked" aria-live="polite">
          {t('fence.place.moved', { name: picked.name })}
        </p>
      )}
      {!picked && asked !== '' && found.isSuccess && !found.isFetching && list.length === 0 && (
        <p className="field__hint" data-testid="place-none">
          {t('fence.place.none')}
        </p>
      )}
      {!picked && list.length > 0 && (
        <ul className="rows place-search__list" data-testid="place-results">
          {list.map((p) => (
            <li key={`${p.name}-${p.lat}-${p.lng}`}>
              <button
                type="button"
                className="row place-search__hit"
                data-testid="place-hit"
                onClick={() => {
                  setPicked(p);
                  onPick(p);
                }}
              >
                <span className="row__label">
                  {p.name}
                  <span className="item-meta">
                    {' · '}
                    {p.region ? `${p.region} · ` : ''}
                    {p.country_name}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
