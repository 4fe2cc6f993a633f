import { api } from '@ptt/contract';
import { useEndpointQuery } from '../api/use-endpoint-query.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { msgField } from '../i18n/languages.ts';

/**
 * The gazetteer's name of a place (the server's geocoder: the nearest town at least), in the screen's
 * language, instead of bare coordinates. Points are read to about 10 m, so a terminal creeping along
 * does not ask again at every fix.
 */
export const PlaceName = ({ lat, lng, testId }: { lat: number; lng: number; testId: string }) => {
  const address = useEndpointQuery(
    api.location.address,
    { lat: Number(lat.toFixed(4)), lng: Number(lng.toFixed(4)), lang: msgField[currentLanguage()] },
    { toast: false, staleTime: 60_000 },
  );
  if (!address.data?.address) return null;
  return <span data-testid={testId}>{address.data.address}</span>;
};
