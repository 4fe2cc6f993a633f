import { api } from '@ptt/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterDelete } from './refresh-after-delete.ts';
import { endpointKey } from './use-endpoint-query.ts';

describe('refreshAfterDelete', () => {
  it('refetches what is on screen except the calls about the deleted record', async () => {
    const client = new QueryClient();
    const fetched: string[] = [];
    const watch = (key: readonly unknown[], name: string) => {
      const observer = new QueryObserver(client, {
        queryKey: key,
        queryFn: async () => {
          fetched.push(name);
          return name;
        },
      });
      observer.subscribe(() => undefined);
    };
    watch(endpointKey(api.group.detail, { id: 7 }), 'deleted group');
    watch([...endpointKey(api.group.members, { id: 7 }), 'pages'], 'its members');
    watch(endpointKey(api.group.detail, { id: 8 }), 'another group');
    watch([...endpointKey(api.group.list, {}), 'pages'], 'group list');
    await new Promise((resolve) => setTimeout(resolve, 0));
    fetched.length = 0;

    await refreshAfterDelete(client, 7, [api.group.detail, api.group.members]);
    expect(fetched.sort()).toEqual(['another group', 'group list']);
  });
});
