import { allEndpoints, api, isAudited } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { Field } from '../../components/form/field.tsx';
import { FormInput } from '../../components/form/form-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { AuditRow, useActionName } from './audit-row.tsx';
import './audit.css';

/** Every action the log records, in the contract's order. */
const actions = allEndpoints()
  .filter(isAudited)
  .map((e) => e.path);

/**
 * /audit: who changed what. An agent reads its own, its sub-agents' and its companies' changes, a company
 * its own; filtered by action, account, days and (for an agent) company, newest first.
 */
export const Component = () => {
  const { t } = useTranslation();
  const actionName = useActionName();
  const isAgent = getLoginInfo()?.role === 0;
  const [action, setAction] = useState('');
  const [typed, setTyped] = useState('');
  const [actor, setActor] = useState('');
  const [org, setOrg] = useState<Choice | null>(null);
  const range = useDateRange();
  const days = 'start' in range.filter ? { from: range.filter.start, to: range.filter.end } : {};
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const filter = { action: action || undefined, actor: actor || undefined, orgId: org?.id, ...days };

  return (
    <div className="page" data-testid="audit-page">
      <PageHeader
        title={t('audit.title')}
        right={<ExportMenu endpoint={api.audit.export} params={filter} name="audit" />}
      />
      <section className="section audit-filters" aria-label={t('audit.filters')}>
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
                {actionName(path)}
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
            placeholder={t('audit.allCompanies')}
            searchText={t('audit.searchCompany')}
            empty={t('audit.noCompanies')}
            clearText={t('audit.allCompanies')}
            onClear={() => setOrg(null)}
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
