import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Choice } from '../lib/choice.ts';

/**
 * The record a page's address names (`?id=`, or another parameter): its id, its read, the record once
 * loaded, and whether there is none to wait for (no id in the address, or a record that is gone or out of
 * the caller's scope).
 */
export const useAddressedRecord = <T>(useRecord: (id: number) => UseQueryResult<T, Error>, param = 'id') => {
  const id = Number(useSearchParams()[0].get(param));
  const read = useRecord(id);
  const record = read.data;
  return { id, read, record, missing: !(id > 0) || (read.isError && !record) };
};

/**
 * The company a list opens filtered to when a company's screen links to it (`?orgId=&orgName=`), or none;
 * a link without the name shows `unnamed(id)` until the picker names it.
 */
export const companyIn = (search: URLSearchParams, unnamed = (_id: number) => ''): Choice | null => {
  const id = Number(search.get('orgId'));
  return id > 0 ? { id, name: search.get('orgName') ?? unnamed(id) } : null;
};
