import { api, CardTypes, rules } from '@ptt/contract';
import { BillOutline, DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import { CardTypeChips } from '../../components/card-type-chips.tsx';
import { exportFile } from '../../components/export-menu.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { localDay } from '../../lib/dates.ts';
import { RecordRow } from './record-row.tsx';
import './sales.css';

/** /salesRecord: sales, purchases and recycling of the signed-in agent, filtered and exportable. */
export const Component = () => {
  const { t } = useTranslation();
  const cardSwitch = useCardSwitch();
  const [cardType, setCardType] = useState<number | undefined>(undefined);
  const form = useRuleForm({ start: localDay(-30), end: localDay(0) });
  const { start, end } = form.values;
  const cards = CardTypes.filter((c) => cardSwitch.data?.[c.field] === 1);

  /** The export's range follows the contract's rule (start before end, at most 90 days). */
  const exportCsv = form.submit(
    (range) => {
      // Times in the file are those the screen shows: the device's zone, which the file names.
      void exportFile(
        api.agent.exportSalesRecord,
        { ...range, cardType },
        undefined,
        (zone) => `sales-record-${range.start}-${range.end}-${zone.replaceAll('/', '_')}`,
      );
    },
    (range) => [[rules.dateRange, range]],
  );

  const filter = { cardType, start: start || undefined, end: end || undefined };
  return (
    <div className="page" data-testid="sales-record">
      <PageHeader
        title={t('sales.record')}
        right={
          <Link
            to="/statement"
            className="page-header__back"
            aria-label={t('statement.open')}
            data-testid="record-statement"
          >
            <BillOutline aria-hidden />
          </Link>
        }
      />
      <section className="section" aria-label={t('sales.filters')}>
        <CardTypeChips
          cards={cards}
          value={cardType}
          onChange={setCardType}
          legend={t('sales.cardType')}
          allText={t('sales.allTypes')}
          testIdPrefix="record-card"
          className="record-filters__cards"
        />
        <div className="field-pair">
          <DateField
            id="record-start"
            label={t('sales.from')}
            error={form.errors.start}
            value={start}
            max={end || undefined}
            onChange={form.set('start')}
          />
          <DateField
            id="record-end"
            label={t('sales.to')}
            error={form.errors.end}
            value={end}
            onChange={form.set('end')}
          />
        </div>
        <button
          type="button"
          className="btn btn--block"
          data-testid="record-export"
          onClick={() => exportCsv()}
        >
          <DownlandOutline aria-hidden style={{ marginRight: 6 }} />
          {t('sales.export')}
        </button>
        <p className="field__hint">{t('sales.exportHint')}</p>
      </section>
      <PagedList
        endpoint={api.agent.getSalesPurchaseRecord}
        params={filter}
        empty={t('sales.empty')}
        testId="record-list"
        rowKey={(r) => r.id}
        item={(r) => <RecordRow record={r} />}
      />
    </div>
  );
};
