import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { RenewForm } from './renew-form.tsx';
import './terminal.css';

/** /activationConfirm: activate or renew a function for the users chosen in /userList. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="activation-confirm">
      <PageHeader title={t('terminal.activation')} />
      <RenewForm />
    </div>
  );
};
