import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { MissingRecord } from './missing-record.tsx';
import { PageHeader } from './page-header.tsx';

interface Props<T> {
  testId: string;
  title: string;
  /** The record the address names, and whether there is none to wait for. */
  read: { record: T | undefined; missing: boolean };
  /** The lines the skeleton shows while the record loads. */
  lines: number;
  /** The skeleton stands in a section, as the record will. */
  boxed?: boolean;
  children: (record: T) => ReactNode;
}

/** A page showing one record (a fence, a group, an SOS): not found, loading, then the record. */
export function RecordPage<T>({
  testId,
  title,
  read: { record, missing },
  lines,
  boxed,
  children,
}: Props<T>) {
  const skeleton = <Skeleton.Paragraph lineCount={lines} animated />;
  return (
    <div className="page" data-testid={testId}>
      <PageHeader title={title} />
      {missing && <MissingRecord />}
      {!record && !missing && (boxed ? <section className="section">{skeleton}</section> : skeleton)}
      {record && children(record)}
    </div>
  );
}
