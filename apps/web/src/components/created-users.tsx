import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { csvOf, downloadText } from '../lib/csv.ts';
import { PageHeader } from './page-header.tsx';
import { showToast } from './toast.ts';
import './created-users.css';

/** Users just created (a batch, an intake), each with the intercom password shown this once. */
export type Created = { id: number; ssid: string; name: string; intercomPassword: string }[];

/** The users a batch or an intake created with their initial intercom passwords, shown this once. */
export const CreatedList = ({ created }: { created: Created }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = created.map((u) => [u.name, u.ssid, u.intercomPassword]);
  const header = [t('scan.name'), 'SSID(IMEI)', t('scan.intercomPassword')];
  const copyAll = async () => {
    const text = [header, ...rows].map((row) => row.join('\t')).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('scan.copied', { count: rows.length }));
    } catch {
      showToast(t('scan.copyFailed'));
    }
  };
  const download = () => {
    const stamp = new Date().toISOString().slice(0, 16).replace(/\D/g, '');
    downloadText(`intercom-passwords-${stamp}.csv`, csvOf([header, ...rows]));
  };
  return (
    <section className="section" data-testid="batch-created">
      <h2 className="section__title">{t('scan.createdTitle', { count: created.length })}</h2>
      <p className="created-users__warning" role="note">
        {t('scan.createdHint')}
      </p>
      <table className="created-users__table">
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
              <td className="created-users__mono">{u.ssid}</td>
              <td className="created-users__mono" data-testid="created-password">
                {u.intercomPassword}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="created-users__actions">
        <Button block shape="rounded" data-testid="created-copy" onClick={() => void copyAll()}>
          {t('scan.copyAll')}
        </Button>
        <Button block shape="rounded" data-testid="created-csv" onClick={download}>
          {t('scan.downloadCsv')}
        </Button>
      </div>
      <Button block color="primary" shape="rounded" onClick={() => navigate('/userList', { replace: true })}>
        {t('scan.toUsers')}
      </Button>
    </section>
  );
};

/** A batch or intake page once its users exist: the list of them under the page's title, with the way home. */
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
