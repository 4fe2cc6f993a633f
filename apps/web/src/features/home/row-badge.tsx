import Badge from 'antd-mobile/es/components/badge';
import { badgeText } from '../../lib/format.ts';

interface Props {
  count: number;
  testId: string;
  /** What the count means, read out in place of the badge. */
  text: string;
}

/** A count beside a home row's label (unprocessed SOS, users due for renewal); nothing at zero. */
export const RowBadge = ({ count, testId, text }: Props) =>
  count > 0 ? (
    <span className="row__badge" data-testid={testId}>
      <Badge content={badgeText(count)} aria-hidden />
      <span className="visually-hidden">{text}</span>
    </span>
  ) : null;
