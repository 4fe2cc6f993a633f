/**
 * Names of a batch: the base with a natural-number suffix continuing after the highest one in use
 * ('Team3' exists → 'Team4', 'Team5', …).
 */
export function suffixedNames(base: string, existing: string[], count: number) {
  const suffix = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`);
  const highest = existing.reduce((max, n) => Math.max(max, Number(suffix.exec(n)?.[1] ?? 0)), 0);
  return Array.from({ length: count }, (_, i) => `${base}${highest + i + 1}`);
}
