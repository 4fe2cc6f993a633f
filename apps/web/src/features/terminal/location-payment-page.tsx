import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { RenewForm } from './renew-form.tsx';
import './terminal.css';

/** Card type 2 activates the location function (SPEC §3). */
const locationCard = 2;

/** /locationPayment: buy or renew the location function for the users chosen in /userList. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="location-payment">
      <PageHeader title={t('terminal.location')} />
      <RenewForm cardType={locationCard} />
    </div>
  );
};
