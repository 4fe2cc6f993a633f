import { UserType } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { CardBalance } from '../../components/card-spend.tsx';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { Field } from '../../components/form/field.tsx';
import { cardOfUserType } from './batch.ts';
import type { ScanState } from './scan-store.ts';

interface Props {
  state: ScanState;
  /** The rule's messages, in the user's language, by field (userType, org, prefix). */
  errors: Record<string, string | undefined>;
  onChange: (change: Partial<ScanState>) => void;
}

/** User type, company and nickname prefix of a batch. */
export const BatchFields = ({ state, errors, onChange }: Props) => {
  const { t } = useTranslation();
  // A VIP user takes a VIP card: offered only when the agent's card switch has VIP on.
  const vip = useCardSwitch().data?.super_card === 1;
  const types = vip ? [UserType.single, UserType.vip] : [UserType.single];
  return (
    <section className="section">
      <Field id="batch-type" label={t('scan.userType')} error={errors.userType}>
        <div className="chips" id="batch-type" style={{ padding: '8px 0' }}>
          {types.map((type) => (
            <button
              key={type}
              type="button"
              className="chip"
              data-testid={`batch-type-${type}`}
              aria-pressed={state.userType === type}
              onClick={() => onChange({ userType: type })}
            >
              {t(type === 0 ? 'scan.single' : 'scan.vip')}
            </button>
          ))}
        </div>
        <CardBalance cardType={cardOfUserType(state.userType)} testId="batch-balance" />
      </Field>
      <Field id="batch-org" label={t('scan.company')} error={errors.org}>
        <CompanyPicker
          id="batch-org"
          value={state.org}
          onChange={(org) => onChange({ org })}
          placeholder={t('scan.chooseCompany')}
          searchText={t('scan.searchCompany')}
          empty={t('scan.noCompanies')}
        />
      </Field>
      <Field id="batch-prefix" label={t('scan.prefix')} error={errors.prefix} hint={t('scan.prefixHint')}>
        <input
          id="batch-prefix"
          maxLength={12}
          autoComplete="off"
          value={state.prefix}
          placeholder={t('scan.prefixPlaceholder')}
          onChange={(e) => onChange({ prefix: e.target.value })}
        />
      </Field>
    </section>
  );
};
