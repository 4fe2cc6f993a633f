import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { companyIn } from '../../components/addressed-record.ts';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { AgentReport } from './agent-report.tsx';
import { OrgReport } from './org-report.tsx';
import '../../components/company-filter.css';
import './report.css';

/**
 * /reports (?orgId=&orgName=): an agent's business by month, or, with a company chosen, that company's
 * weeks; a company sees its own weeks.
 */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const [search] = useSearchParams();
  const [org, setOrg] = useState<Choice | null>(() => companyIn(search));
  return (
    <div className="page" data-testid="report-page">
      <PageHeader title={isAgent ? t('report.title') : t('report.orgTitle')} />
      {isAgent && (
        <div className="report-filters report-org company-filter">
          <CompanyPicker
            id="report-org"
            value={org}
            onChange={setOrg}
            anyText={t('report.mine')}
            searchText={t('report.searchCompany')}
            empty={t('report.noCompanies')}
          />
        </div>
      )}
      {isAgent && !org ? <AgentReport /> : <OrgReport key={org?.id} orgId={org?.id} />}
    </div>
  );
};
