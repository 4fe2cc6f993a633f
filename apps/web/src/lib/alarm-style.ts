import { useSyncExternalStore } from 'react';

/**
 * How this phone shows an SOS raised in scope: the full-screen alarm with the siren, a banner with a
 * short alarm sound, or a silent banner. The company that must act gets the full screen by default; an
 * agent, who needs to know without being stopped mid-sale, the banner. Kept per device and per role.
 */
export type SosAlarmStyle = 'screen' | 'banner' | 'silent';
export const sosAlarmStyles: readonly SosAlarmStyle[] = ['screen', 'banner', 'silent'];

const key = (role: 0 | 1) => `sosAlarm.${role}`;
const listeners = new Set<() => void>();

export const defaultSosAlarmStyle = (role: 0 | 1): SosAlarmStyle => (role === 1 ? 'screen' : 'banner');

export const getSosAlarmStyle = (role: 0 | 1): SosAlarmStyle => {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key(role));
  } catch {
    // Blocked storage: the role's default.
  }
  return sosAlarmStyles.find((s) => s === stored) ?? defaultSosAlarmStyle(role);
};

export const setSosAlarmStyle = (role: 0 | 1, style: SosAlarmStyle): void => {
  try {
    localStorage.setItem(key(role), style);
  } catch {
    // A full or blocked storage only costs the preference.
  }
  for (const listener of listeners) listener();
};

export const useSosAlarmStyle = (role: 0 | 1): SosAlarmStyle =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => getSosAlarmStyle(role),
    () => defaultSosAlarmStyle(role),
  );
