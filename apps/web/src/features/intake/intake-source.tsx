import { UserType } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { CardBalance } from '../../components/card-spend.tsx';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { Field } from '../../components/form/field.tsx';
import type { Choice } from '../../lib/choice.ts';
import { csvOf, downloadText } from '../../lib/csv.ts';

export interface Source {
  userType: 0 | 1 | null;
  org: Choice | null;
  prefix: string;
  file: File | null;
  text: string;
}

export const emptySource: Source = { userType: null, org: null, prefix: '', file: null, text: '' };

interface Props {
  source: Source;
  /** The rule's and the server's messages by field (userType, org, prefix, source). */
  errors: Record<string, string | undefined>;
  onChange: (change: Partial<Source>) => void;
}

/** What an intake creates (user type, company, the prefix for unnamed rows) and where its rows come from. */
export const IntakeSource = ({ source, errors, onChange }: Props) => {
  const { t } = useTranslation();
  // A VIP user takes a VIP card: offered only when the agent's card switch has VIP on.
  const vip = useCardSwitch().data?.super_card === 1;
  const types = vip ? [UserType.single, UserType.vip] : [UserType.single];
  // The columns as the intake reads them by their header, in the order it reads them without one.
  const template = () =>
    downloadText('users-import-template.csv', csvOf([['SSID(IMEI)', 'Name', 'ICCID', 'Group']]));
  return (
    <section className="section">
      <Field id="intake-type" label={t('scan.userType')} error={errors.userType}>
        <div className="chips" id="intake-type" style={{ padding: '8px 0' }}>
          {types.map((type) => (
            <button
              key={type}
              type="button"
              className="chip"
              data-testid={`intake-type-${type}`}
              aria-pressed={source.userType === type}
              onClick={() => onChange({ userType: type })}
            >
              {t(type === 0 ? 'scan.single' : 'scan.vip')}
            </button>
          ))}
        </div>
        {source.userType !== null && (
          <CardBalance cardType={source.userType === UserType.vip ? 7 : 0} testId="intake-balance" />
        )}
      </Field>
      <Field id="intake-org" label={t('scan.company')} error={errors.org}>
        <CompanyPicker
          id="intake-org"
          value={source.org}
          onChange={(org) => onChange({ org })}
          placeholder={t('scan.chooseCompany')}
          searchText={t('scan.searchCompany')}
          empty={t('scan.noCompanies')}
        />
      </Field>
      <Field
        id="intake-prefix"
        label={t('intake.prefixOptional')}
        error={errors.prefix}
        hint={t('intake.prefixHint')}
      >
        <input
          id="intake-prefix"
          maxLength={12}
          autoComplete="off"
          value={source.prefix}
          placeholder={t('scan.prefixPlaceholder')}
          onChange={(e) => onChange({ prefix: e.target.value })}
        />
      </Field>
      <Field id="intake-file" label={t('intake.source')} error={errors.source} hint={t('intake.sourceHint')}>
        <label className="intake-file">
          <input
            id="intake-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="intake-file"
            onChange={(e) => {
              onChange({ file: e.target.files?.[0] ?? null });
              e.target.value = '';
            }}
          />
          <span className="btn btn--block">
            {source.file ? t('intake.fileChosen', { name: source.file.name }) : t('intake.file')}
          </span>
        </label>
        <button
          type="button"
          className="btn btn--small intake-template"
          data-testid="intake-template"
          onClick={template}
        >
          {t('intake.template')}
        </button>
        {source.file && (
          <button
            type="button"
            className="chip"
            data-testid="intake-file-clear"
            onClick={() => onChange({ file: null })}
          >
            {t('intake.clearFile')}
          </button>
        )}
      </Field>
      {!source.file && (
        <Field id="intake-text" label={t('intake.pasteLabel')}>
          <textarea
            id="intake-text"
            className="intake-text"
            rows={5}
            spellCheck={false}
            autoComplete="off"
            data-testid="intake-text"
            value={source.text}
            placeholder={t('intake.pastePlaceholder')}
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </Field>
      )}
    </section>
  );
};
