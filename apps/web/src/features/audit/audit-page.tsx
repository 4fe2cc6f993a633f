import { AuditFilterKinds, actionTitle, allEndpoints, api, isAudited } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { companyIn } from '../../components/addressed-record.ts';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { Field } from '../../components/form/field.tsx';
import { FormInput } from '../../components/form/form-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { isLanguage, msgField } from '../../i18n/languages.ts';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { AuditRow } from './audit-row.tsx';
import './audit.css';

/** Every action the log records, in the contract's order. */
const actions = allEndpoints()
  .filter(isAudited)
  .map((e) => e.path);

type Kind = (typeof AuditFilterKinds)[number];
const isKind = (v: string | null): v is Kind => (AuditFilterKinds as readonly (string | null)[]).includes(v);

/** The one record a link from its screen asks about: ?targetKind=&targetId=&targetName=. */
const targetIn = (search: URLSearchParams) => {
  const kind = search.get('targetKind');
  const id = Number(search.get('targetId'));
  return isKind(kind) && id > 0 ? { kind, id, name: search.get('targetName') ?? `#${id}` } : null;
};

/**
 * /audit: who changed what. An agent reads its own, its sub-agents' and its companies' changes, a company
 * every change to its records; filtered by action, account, days, (for an agent) company, and one record
 * when a record's screen opens it (?targetKind=&targetId=&targetName=, or ?orgId=&orgName=), newest first.
 */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const lang = msgField[isLanguage(i18n.language) ? i18n.language : 'en'];
  const isAgent = getLoginInfo()?.role === 0;
  const [search] = useSearchParams();
  const [target, setTarget] = useState(() => targetIn(search));
  const [action, setAction] = useState('');
  const [typed, setTyped] = useState('');
  const [actor, setActor] = useState('');
  const [org, setOrg] = useState<Choice | null>(() => companyIn(search, (id) => `#${id}`));
  const range = useDateRange();
  const days = 'start' in range.filter ? { from: range.filter.start, to: range.filter.end } : {};
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const filter = {
    action: action || undefined,
    actor: actor || undefined,
    orgId: org?.id,
    ...(target && { targetKind: target.kind, targetId: target.id }),
    ...days,
  };

  return (
    <div className="page" data-testid="audit-page">
      <PageHeader
        title={t('audit.title')}
        right={<ExportMenu endpoint={api.audit.export} params={filter} name="audit" />}
      />
      <section className="section audit-filters" aria-label={t('audit.filters')}>
        {target && (
          <div className="audit-scope" data-testid="audit-scope">
            <span>{t('audit.changesTo', { kind: t(`audit.target.${target.kind}`), name: target.name })}</span>
            <button type="button" className="chip chip--link" onClick={() => setTarget(null)}>
              {t('audit.allChanges')}
            </button>
          </div>
        )}
        <Field id="audit-action" label={t('audit.action')}>
          <select
            id="audit-action"
            data-testid="audit-action"
            value={action}
            onChange={(e) => setAction(e.target.value)}
          >
            <option value="">{t('audit.allActions')}</option>
            {actions.map((path) => (
              <option key={path} value={path}>
                {actionTitle(path, lang)}
              </option>
            ))}
          </select>
        </Field>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setActor(typed.trim());
          }}
          onBlur={() => setActor(typed.trim())}
        >
          <FormInput
            id="audit-actor"
            label={t('audit.actor')}
            placeholder={t('audit.actorPlaceholder')}
            value={typed}
            maxLength={50}
            autoComplete="off"
            onChange={setTyped}
          />
        </form>
        {isAgent && (
          <CompanyPicker
            id="audit-org"
            value={org}
            onChange={setOrg}
            anyText={t('audit.allCompanies')}
            searchText={t('audit.searchCompany')}
            empty={t('audit.noCompanies')}
          />
        )}
        <DateRangeFields range={range} idPrefix="audit-range" />
      </section>
      <PagedList
        endpoint={api.audit.list}
        params={{ ...filter, ...(timeZone && { timeZone }) }}
        empty={t('audit.empty')}
        testId="audit-list"
        rowKey={(r) => r.id}
        item={(r) => <AuditRow record={r} />}
      />
    </div>
  );
};
