import { api, cardByCode, type FunctionKey, insufficientByCard, RenewalLimits } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { Field } from '../../components/form/field.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import type { RadarFilter } from './filters.ts';
import { RenewBreakdown } from './renew-breakdown.tsx';

interface Props {
  /** The chosen terminals, or null for every terminal the radar's filter finds. */
  ids: number[] | null;
  filter: RadarFilter;
  /** How many terminals the choice holds, as the radar counted them. */
  count: number;
  /** The functions the agent's card types allow, and those offered first. */
  functions: FunctionKey[];
  initial: FunctionKey[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * The bulk renewal's confirmation: the functions to renew, then the cards it takes per type against the
 * balance and what it does on each terminal, as the server reckons them before anything is spent. A card type the balance does not cover is
 * named with its shortage and the renewal cannot go; otherwise it goes with the total the agent saw.
 */
export const RenewSheet = ({ ids, filter, count, functions, initial, onClose, onDone }: Props) => {
  const { t } = useTranslation();
  const form = useRuleForm<{ functions: FunctionKey[] }>({ functions: initial });
  const chosen = form.values.functions;
  // Chosen rows renew what falls due in the radar's window, as the whole window does.
  const choice = {
    ...(ids ? { ids: ids.join(','), within: filter.within } : filter),
    functions: chosen.join(','),
  };
  // The refusals (more than 1 000, a terminal gone) are shown in the sheet, not as a toast over it.
  const preview = useEndpointQuery(api.terminal.renewPreview, choice, {
    enabled: chosen.length > 0,
    staleTime: 0,
    toast: false,
  });
  const renew = useEndpointMutation(api.terminal.renewBatch, {
    invalidates: [...terminalReads, ...balanceReads],
  });
  const p = preview.data;
  const short = p ? p.costs.filter((c) => c.cards > c.balance) : [];
  const ready = chosen.length > 0 && p !== undefined && !preview.isFetching;
  const canRenew = ready && short.length === 0 && p.total > 0;

  const toggle = (fn: FunctionKey) =>
    form.set('functions')(chosen.includes(fn) ? chosen.filter((f) => f !== fn) : [...chosen, fn]);
  const submit = form.submit(
    async () => {
      if (!p) return;
      try {
        const res = await renew.mutateAsync({ ...choice, confirm: String(p.total) });
        showToast(t('renewal.sheet.done', { count: res.renewed }));
        onDone();
      } catch (error) {
        // The client has shown the server's message (the cost changed, a balance ran short): read it again.
        void preview.refetch();
        throw error;
      }
    },
    ({ functions: fns }) => [[api.terminal.renewBatch.params.shape.functions, fns, 'functions']],
  );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="renew-sheet">
      <form noValidate onSubmit={submit} data-testid="renew-sheet">
        <h2 className="renew-sheet__title" data-testid="renew-title">
          {/* The count the cost was last read for: users deleted meanwhile leave it. */}
          {t('renewal.sheet.title', { count: p?.terminals ?? count })}
        </h2>
        <Field id="renew-functions" label={t('renewal.sheet.functions')} error={form.errors.functions}>
          <div id="renew-functions" className="chips renew-sheet__chips">
            {functions.map((fn) => (
              <button
                key={fn}
                type="button"
                className="chip"
                aria-pressed={chosen.includes(fn)}
                data-testid={`renew-fn-${fn}`}
                onClick={() => toggle(fn)}
              >
                {t(`card.${fn}`)}
              </button>
            ))}
          </div>
        </Field>
        <p className="item-meta">{t('renewal.sheet.year')}</p>
        <div className="renew-sheet__cost" aria-live="polite" data-testid="renew-cost">
          {chosen.length === 0 && <p className="item-meta">{t('renewal.sheet.chooseFunction')}</p>}
          {chosen.length > 0 && preview.isPending && preview.fetchStatus !== 'idle' && (
            <>
              <span className="visually-hidden">{t('renewal.sheet.loading')}</span>
              <Skeleton.Paragraph lineCount={2} animated />
            </>
          )}
          {chosen.length > 0 && preview.isError && (
            <p className="renew-sheet__short" role="alert" data-testid="renew-refused">
              {preview.error.message || t('renewal.sheet.failed')}
            </p>
          )}
          {p && chosen.length > 0 && !preview.isError && (
            <>
              <ul className="renew-sheet__costs">
                {p.costs.map((c) => {
                  const key = cardByCode(c.cardType)?.key ?? 'voice';
                  const card = t(`card.${key}`);
                  const lacking = c.cards > c.balance;
                  return (
                    <li
                      key={c.cardType}
                      className={lacking ? 'renew-sheet__short' : undefined}
                      data-testid={`renew-cost-${key}`}
                      data-short={lacking}
                    >
                      {t('renewal.sheet.cost', { count: c.cards, card, balance: c.balance })}
                      {lacking && (
                        <>
                          <br />
                          <span role="alert">
                            {t(`msg.${insufficientByCard[c.cardType] ?? 'insufficientBalance'}`)}{' '}
                            {t('renewal.sheet.shortBy', { count: c.cards - c.balance })}
                          </span>
                        </>
                      )}
                      {c.permanent > 0 && (
                        <>
                          <br />
                          <span className="item-meta">
                            {t('renewal.sheet.permanent', { count: c.permanent, card })}
                          </span>
                        </>
                      )}
                      {c.notDue > 0 && (
                        <>
                          <br />
                          <span className="item-meta" data-testid="renew-not-due">
                            {t('renewal.sheet.notDue', { count: c.notDue, card })}
                          </span>
                        </>
                      )}
                    </li>
                  );
                })}
                {p.silent > 0 && (
                  <li className="item-meta" data-testid="renew-silent">
                    {t('renewal.sheet.silent', { count: p.silent, days: RenewalLimits.silentDays })}
                  </li>
                )}
                {p.total === 0 && <li className="item-meta">{t('renewal.sheet.nothing')}</li>}
              </ul>
              <RenewBreakdown breakdown={p.breakdown} />
            </>
          )}
        </div>
        <div className="renew-sheet__actions">
          <Button block shape="rounded" onClick={onClose}>
            {t('renewal.sheet.cancel')}
          </Button>
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            data-testid="renew-confirm"
            loading={form.busy}
            disabled={!canRenew || form.locked || form.busy}
          >
            {t('renewal.sheet.confirm', { count: p?.total ?? 0 })}
          </Button>
        </div>
      </form>
    </Popup>
  );
};
