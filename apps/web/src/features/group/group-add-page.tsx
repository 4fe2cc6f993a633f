import { api, rules } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { Field } from '../../components/form/field.tsx';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import type { Choice } from '../../lib/choice.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import './group.css';

/** /groupAdd: up to 16 groups at once; agents choose the company first, companies create their own. */
export const Component = () => {
  const { t } = useTranslation();
  const isAgent = getLoginInfo()?.role === 0;
  const [org, setOrg] = useState<Choice | null>(null);
  const [orgError, setOrgError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: number; name: string }[]>([]);
  const add = useEndpointMutation(api.group.add, { invalidates: groupReads });
  return (
    <div className="page" data-testid="group-add">
      <PageHeader title={t('group.add')} />
      <section
        className="section"
        // The company is checked together with the name rules, not only once they pass.
        onSubmitCapture={() => isAgent && !org && setOrgError('selectCompany')}
      >
        {isAgent && (
          <Field
            id="group-add-org"
            label={t('group.company')}
            error={orgError && t(`msg.${orgError}` as 'msg.ok')}
          >
            <CompanyPicker
              id="group-add-org"
              value={org}
              onChange={(o) => {
                setOrg(o);
                setOrgError(null);
              }}
              placeholder={t('group.chooseCompany')}
              searchText={t('group.searchCompany')}
              empty={t('group.noCompanies')}
            />
          </Field>
        )}
        <RuleForm
          id="group-add"
          submitText={t('group.create')}
          initial={{ count: '1' }}
          fields={[
            {
              name: 'name',
              label: t('group.name'),
              rule: rules.groupName,
              placeholder: t('group.namePlaceholder'),
            },
            { name: 'count', label: t('group.count'), rule: rules.groupBatchCount, type: 'tel' },
          ]}
          onSubmit={async (v) => {
            if (isAgent && !org) {
              setOrgError('selectCompany');
              return;
            }
            const res = await add.mutateAsync({ orgId: org?.id, name: v.name, count: Number(v.count) });
            setCreated(res.created);
          }}
        />
      </section>
      {created.length > 0 && (
        <section className="section" data-testid="groups-created" role="status">
          <h2 className="section__title">
            {t('group.created', { names: created.map((g) => g.name).join(', ') })}
          </h2>
          <ul className="rows">
            {created.map((g) => (
              <li key={g.id}>
                <Link className="row" to={`/groupDetail?id=${g.id}`}>
                  <span className="row__label">{g.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
};
