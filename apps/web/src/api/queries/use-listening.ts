import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

export const useListening = (terminalId: number) =>
  useEndpointQuery(api.group.listening, { terminalId }, { enabled: terminalId > 0 });
