import { AuditFields, HiddenAuditFields } from '@ptt/contract';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentCards,
  agents,
  feedback,
  fences,
  groups,
  orgs,
  sosRecords,
  terminals,
} from '../src/db/schema.ts';
import { recordable } from '../src/modules/audit/service.ts';

/** The records audit rows keep fields of, as their services and the hook name them. */
const audited = { agents, orgs, terminals, groups, fences, sosRecords, agentCards, feedback };

describe('the audit’s field labels', () => {
  it('label or hide every field an audit row can keep', () => {
    const unlabelled = Object.entries(audited).flatMap(([table, t]) =>
      Object.keys(getTableColumns(t))
        // What the row never keeps (secrets, the last edit's time) needs no label.
        .filter((name) => Object.keys(recordable({ [name]: 1 }) as object).length > 0)
        .filter((name) => !AuditFields[name] && !HiddenAuditFields.has(name))
        .map((name) => `${table}.${name}`),
    );
    expect(unlabelled).toEqual([]);
  });
});
