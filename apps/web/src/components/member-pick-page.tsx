import { type ReactNode, useEffect, useState } from 'react';
import { MissingRecord } from './missing-record.tsx';
import { PageHeader } from './page-header.tsx';

interface Props {
  testId: string;
  title: string;
  /** The group or fence is gone: nothing to pick from. */
  missing: boolean;
  /** Whether the picker can be shown yet; by default as soon as the record is not missing. */
  ready?: boolean;
  /** The picker. */
  children: ReactNode;
  /** The action under the picker (add the picked users, save the choice). */
  footer: ReactNode;
}

/** A page picking users for a group or a fence (members to add, its keeper or speaker), its action below. */
export const MemberPickPage = ({ testId, title, missing, ready = !missing, children, footer }: Props) => (
  <div className="page" data-testid={testId}>
    <PageHeader title={title} />
    {missing && <MissingRecord />}
    {ready && (
      <>
        {children}
        <div className="sticky-footer">{footer}</div>
      </>
    )}
  </div>
);

/** A member of a group or a fence as a picker row: its name and SSID. */
export const memberRow = (m: { terminal_id: number; name: string; ssid: string }) => ({
  id: m.terminal_id,
  name: m.name,
  sub: m.ssid,
});

/**
 * The member picked on a page that picks one (a fence's keeper, a group's speaker): the record's current
 * one once the record is in, or none.
 */
export const useCurrentMember = (record: object | undefined, current: number | undefined) => {
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    if (record) setChosen(current ?? 0);
  }, [record, current]);
  return [chosen, setChosen] as const;
};
