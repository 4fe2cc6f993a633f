import type { DataOf, Endpoint, Page, ParamsOf } from '@ptt/contract';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Choice, putChoice } from '../lib/choice.ts';
import { ChoiceRow } from './choice-row.tsx';
import { KeywordSearch } from './keyword-search.tsx';
import { PageHeader } from './page-header.tsx';
import { PagedList } from './paged-list.tsx';

type Row<E extends Endpoint> = DataOf<E> extends Page<infer T> ? T : never;

interface Props<E extends Endpoint> {
  testId: string;
  title: string;
  searchText: string;
  endpoint: E;
  /** The list's parameters for a keyword ('' when none is searched for). */
  params: (keyword: string | undefined) => ParamsOf<E>;
  /** What an empty list says, with or without a keyword searched for. */
  empty: (keyword: string) => string;
  /** The kind of choice handed back (`putChoice`). */
  kind: string;
  /** Where the choice goes back to when the address names no screen (`?back=`). */
  fallback: string;
  choice: (row: Row<E>) => Choice;
  meta?: (row: Row<E>) => ReactNode;
}

/** A picker screen (?back=): searches a list, hands the chosen record back and returns to the caller's screen. */
export function ChoicePage<E extends Endpoint>(props: Props<E>) {
  const { testId, title, searchText, endpoint, params, empty, kind, fallback, choice, meta } = props;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const back = search.get('back') ?? fallback;
  return (
    <div className="page" data-testid={testId}>
      <PageHeader title={title} />
      <KeywordSearch placeholder={searchText} onSearch={setKeyword} />
      <PagedList
        endpoint={endpoint}
        params={params(keyword || undefined)}
        empty={empty(keyword)}
        rowKey={(row) => choice(row).id}
        item={(row) => {
          const chosen = choice(row);
          return (
            <ChoiceRow
              label={chosen.name}
              meta={meta?.(row)}
              arrow
              onChoose={() => {
                putChoice(kind, chosen);
                navigate(back.startsWith('/') ? back : fallback);
              }}
            />
          );
        }}
      />
    </div>
  );
}
