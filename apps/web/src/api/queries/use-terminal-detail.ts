import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

export const useTerminalDetail = (id: number) =>
  useEndpointQuery(api.terminal.detail, { id }, { enabled: id > 0 });
