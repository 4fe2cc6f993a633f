import { useSyncExternalStore } from 'react';

/**
 * Fence alarms that reached this console while it was open and that nobody has looked at yet: the
 * badge of "Electronic fence records" counts them, and opening the records list clears them.
 */
let unseen = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const noteFenceAlarm = (): void => {
  unseen += 1;
  emit();
};

export const markFenceAlarmsSeen = (): void => {
  if (unseen === 0) return;
  unseen = 0;
  emit();
};

export const useUnseenFenceAlarms = (): number =>
  useSyncExternalStore(
    subscribe,
    () => unseen,
    () => 0,
  );
