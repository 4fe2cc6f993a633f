import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useFence } from '../../api/queries/use-fence.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { MapView } from '../../components/map/map-view.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { msgField } from '../../i18n/languages.ts';
import { shapeOf } from './drawing.ts';

interface Props {
  lat: number;
  lng: number;
  label: string;
  /** The fence of the alarm, drawn around the position while it still exists. */
  fenceId: number | null;
}

/**
 * Where a fence alarm happened: a small map with the position, the fence and the address (the server's
 * nearest town at least, so bare coordinates are never the answer).
 */
export const RecordPosition = ({ lat, lng, label, fenceId }: Props) => {
  const { t } = useTranslation();
  const fence = useFence(fenceId ?? 0).data;
  const address = useEndpointQuery(api.location.address, { lat, lng, lang: msgField[currentLanguage()] });
  return (
    <div className="fence-record__where" data-testid="fence-record-where">
      <MapView
        label={t('fence.recordMap')}
        center={{ lat, lng }}
        markers={[{ lat, lng, label, tone: 'alarm' }]}
        shapes={fence ? [shapeOf(fence)] : []}
        testId="fence-record-map"
      />
      <p className="item-meta" data-testid="fence-record-address">
        {address.data?.address ?? t('app.loading')}
      </p>
    </div>
  );
};
