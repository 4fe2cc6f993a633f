import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import type { BatchOutcome } from './batch.ts';

type Created = NonNullable<BatchOutcome['created']>;

/** The users a batch created with their initial intercom passwords, shown this once. */
export const CreatedList = ({ created }: { created: Created }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="section" data-testid="batch-created">
      <h2 className="section__title">{t('scan.createdTitle', { count: created.length })}</h2>
      <p className="scan-warning" role="note">
        {t('scan.createdHint')}
      </p>
      <table className="scan-table">
        <thead>
          <tr>
            <th scope="col">{t('scan.name')}</th>
            <th scope="col">SSID(IMEI)</th>
            <th scope="col">{t('scan.intercomPassword')}</th>
          </tr>
        </thead>
        <tbody>
          {created.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td className="scan-mono">{u.ssid}</td>
              <td className="scan-mono" data-testid="created-password">
                {u.intercomPassword}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button block color="primary" shape="rounded" onClick={() => navigate('/userList', { replace: true })}>
        {t('scan.toUsers')}
      </Button>
    </section>
  );
};

/** A batch page once its users exist: the list of them under the page's title, with the way home. */
export const CreatedPage = ({
  testId,
  title,
  created,
}: {
  testId: string;
  title: string;
  created: Created;
}) => (
  <div className="page" data-testid={testId}>
    <PageHeader title={title} backTo="/home" />
    <CreatedList created={created} />
  </div>
);
