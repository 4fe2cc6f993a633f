import type { TFunction } from 'i18next';

/** The name of a trigger mode (0 enter alarm … 3 no entry). */
export const triggerName = (t: TFunction, trigger: number) =>
  t(`fence.triggers.${trigger}` as 'fence.triggers.0');

/** The name of what an alarm record says happened. */
export const kindName = (t: TFunction, kind: number) => t(`fence.kinds.${kind}` as 'fence.kinds.0');

export const triggers = [0, 1, 2, 3] as const;
