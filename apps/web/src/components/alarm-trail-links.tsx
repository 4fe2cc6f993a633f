import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmTrail } from './alarm-trail.ts';

/** A fence alarm's user's track and recordings, as chips. */
export const AlarmTrailLinks = ({
  terminalId,
  testIdPrefix,
}: {
  terminalId: number;
  testIdPrefix: string;
}) => {
  const { t } = useTranslation();
  return alarmTrail(t, terminalId, testIdPrefix).map((l) => (
    <Link key={l.to} to={l.to} className="chip" data-testid={l.testId}>
      {l.label}
    </Link>
  ));
};
