import { Fragment, type ReactNode } from 'react';
import { initialOf } from '../lib/format.ts';
import './detail.css';

interface Props {
  name: string;
  account: string;
  /** Label and value, in the order they are shown. */
  facts: readonly (readonly [label: string, value: ReactNode])[];
}

/** The head of an account's detail screen (a sub-agent, a company): its initial, name and login, then its facts. */
export const AccountSummary = ({ name, account, facts }: Props) => (
  <section className="section">
    <div className="detail-head">
      <span className="detail-head__avatar" aria-hidden>
        {initialOf(name)}
      </span>
      <div>
        <h2 className="detail-head__name">{name}</h2>
        <span className="item-meta">{account}</span>
      </div>
    </div>
    <dl className="detail-facts">
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  </section>
);
