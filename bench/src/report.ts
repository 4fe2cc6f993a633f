/** The run's tables and the budgets it missed. */
export const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });

export class Report {
  readonly misses: string[] = [];
  private readonly tables: { title: string; head: string[]; rows: string[][] }[] = [];

  table(title: string, head: string[]) {
    const t = { title, head, rows: [] as string[][] };
    this.tables.push(t);
    return (row: string[]) => t.rows.push(row);
  }

  /** 'ok', or 'MISSED' with `what` added to the misses. */
  check(ok: boolean, what: string) {
    if (!ok) this.misses.push(what);
    return ok ? 'ok' : 'MISSED';
  }

  print(log: (line: string) => void) {
    for (const t of this.tables) {
      if (t.rows.length === 0) continue;
      const all = [t.head, ...t.rows];
      const widths = t.head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
      log('');
      log(t.title);
      all.forEach((r, n) => {
        log(r.map((cell, i) => (cell ?? '').padEnd(widths[i])).join(' │ '));
        if (n === 0) log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
      });
    }
    log('');
    if (this.misses.length) {
      log(`budgets missed (${this.misses.length}):`);
      for (const m of this.misses) log(`  - ${m}`);
    } else log('every budget holds');
  }
}
