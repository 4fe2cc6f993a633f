import { useSyncExternalStore } from 'react';

/**
 * How this phone shows a live alarm of its scope, kept per device and per role (0 agent, 1 company).
 *
 * An SOS: the full-screen alarm with the siren, a banner with a short alarm sound, or a silent banner.
 * The company that must act gets the full screen by default; an agent, who needs to know without being
 * stopped mid-sale, the banner. An SOS is never hidden altogether.
 *
 * A fence alarm: a banner with a short sound, a silent banner, or nothing. The company watching its own
 * radios gets the banner by default; an agent, whose customers' crossings are theirs to follow, nothing
 * until it asks for them.
 */
export type SosAlarmStyle = 'screen' | 'banner' | 'silent';
export type FenceAlarmStyle = 'banner' | 'silent' | 'off';
type Role = 0 | 1;

interface Kind<S extends string> {
  key: string;
  styles: readonly S[];
  defaultFor: (role: Role) => S;
}

const sos: Kind<SosAlarmStyle> = {
  key: 'sosAlarm',
  styles: ['screen', 'banner', 'silent'],
  defaultFor: (role) => (role === 1 ? 'screen' : 'banner'),
};
const fence: Kind<FenceAlarmStyle> = {
  key: 'fenceAlarm',
  styles: ['banner', 'silent', 'off'],
  defaultFor: (role) => (role === 1 ? 'banner' : 'off'),
};

const listeners = new Set<() => void>();

function read<S extends string>(kind: Kind<S>, role: Role): S {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(`${kind.key}.${role}`);
  } catch {
    // Blocked storage: the role's default.
  }
  return kind.styles.find((s) => s === stored) ?? kind.defaultFor(role);
}

function write<S extends string>(kind: Kind<S>, role: Role, style: S): void {
  try {
    localStorage.setItem(`${kind.key}.${role}`, style);
  } catch {
    // A full or blocked storage only costs the preference.
  }
  for (const listener of listeners) listener();
}

const useStyle = <S extends string>(kind: Kind<S>, role: Role): S =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(kind, role),
    () => kind.defaultFor(role),
  );

export const sosAlarmStyles = sos.styles;
export const setSosAlarmStyle = (role: Role, style: SosAlarmStyle) => write(sos, role, style);
export const useSosAlarmStyle = (role: Role) => useStyle(sos, role);

export const fenceAlarmStyles = fence.styles;
export const setFenceAlarmStyle = (role: Role, style: FenceAlarmStyle) => write(fence, role, style);
export const useFenceAlarmStyle = (role: Role) => useStyle(fence, role);
