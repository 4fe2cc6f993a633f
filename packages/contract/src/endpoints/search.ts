import { z } from 'zod';
import { once } from '../lazy.ts';
import { endpoint } from './define.ts';

const hit = once(() => z.object({ id: z.number(), name: z.string(), sub: z.string() }));

export const search = {
  global: endpoint({
    method: 'GET',
    path: '/v1/search',
    access: 'any',
    summary: 'One keyword over the caller scope: agents (top-level agents only), companies, groups, users',
    params: () =>
      z.object({
        keyword: z.string().trim().min(1, 'required').max(30, 'invalidParams'),
        searchType: z.enum(['global', 'agent', 'company', 'group', 'user']).default('global'),
      }),
    data: () =>
      z.object({
        agents: z.array(hit()),
        orgs: z.array(hit()),
        groups: z.array(hit()),
        users: z.array(hit()),
      }),
  }),
};
