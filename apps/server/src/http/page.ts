/** A page of a list as every list answers it (`{ list, total, page, size }`), each row written by `row`. */
export const pageOf = <R, T>(
  q: { page: number; size: number },
  { list, total }: { list: R[]; total: number },
  row: (r: R) => T,
) => ({ list: list.map((r) => row(r)), total, page: q.page, size: q.size });
