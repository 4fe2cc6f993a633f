import { Steadiness } from './config.ts';
import type { Framed } from './frame.ts';

/** The run's one table, budget beside figure, and the budgets it missed. */
export const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });
export const sizeName = (n: number) => (n >= 1_000_000 ? `${fmt(n / 1_000_000)} M` : `${fmt(n / 1000)} k`);
const percent = (share: number) => `${fmt(share * 100)} %`;

export type Verdict = 'ok' | 'MISSED' | 'n/a' | '';

/** What the floor did around a framed load: `beside` (its p99 or its rate), and any repeat. */
export function floorNote(f: Framed, beside: 'p99' | 'rate') {
  const ref = beside === 'p99' ? `p99 ${f.floor.p99} ms` : `${fmt(f.floor.rps)} req/s`;
  const moved = f.drifts.map(percent).join(', ');
  if (f.repeats === 0) return ref;
  const steady = f.drift <= Steadiness.floorDrift ? '' : ', still unsteady';
  return `${ref} · repeated ${f.repeats}× (floor moved ${moved}${steady})`;
}

export class Report {
  readonly misses: string[] = [];
  readonly notes: string[] = [];
  private readonly rows: string[][] = [];
  private readonly head = ['fleet', 'what', 'measured', 'budget', 'reference', ''];

  /** 'ok', or 'MISSED' with `what` added to the misses. */
  check(ok: boolean, what: string): Verdict {
    if (!ok) this.misses.push(what);
    return ok ? 'ok' : 'MISSED';
  }

  row(fleet: string, what: string, measured: string, budget: string, floor: string, verdict: Verdict) {
    this.rows.push([fleet, what, measured, budget, floor, verdict]);
  }

  /** A framed load's row; a load measured again is named (`label`) under the table. */
  framed(
    f: Framed,
    row: {
      fleet: string;
      label: string;
      what: string;
      measured: string;
      budget: string;
      beside: 'p99' | 'rate';
    },
    verdict: Verdict,
  ) {
    if (f.repeats) this.notes.push(`${row.label} at ${row.fleet}`);
    this.row(row.fleet, row.what, row.measured, row.budget, floorNote(f, row.beside), verdict);
  }

  print(log: (line: string) => void) {
    const all = [this.head, ...this.rows];
    const widths = this.head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
    log('');
    all.forEach((r, n) => {
      log(
        r
          .map((cell, i) => cell.padEnd(widths[i]))
          .join(' │ ')
          .trimEnd(),
      );
      if (n === 0) log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
    });
    log('');
    if (this.notes.length)
      log(
        `${this.notes.length} load(s) measured again because the floor moved by more than ${percent(Steadiness.floorDrift)}: ${this.notes.join('; ')}`,
      );
    if (this.misses.length) {
      log(`budgets missed (${this.misses.length}):`);
      for (const m of this.misses) log(`  - ${m}`);
    } else log('every budget holds');
  }
}
