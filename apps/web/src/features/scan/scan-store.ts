import { useCallback, useState } from 'react';
import type { Choice } from '../../lib/choice.ts';

/**
 * The batch being built on /scanCodeAdd, kept in session storage: /scanCodeAdd is kept alive when the user
 * navigates away (SPEC §2), so the scanned SSIDs and the form survive /scanDetail, a company picker, the
 * home screen and a reload, and end with the tab or with a successful creation.
 */
export interface ScanState {
  userType: 0 | 1 | null;
  org: Choice | null;
  prefix: string;
  ssids: string[];
  /** Scanning or typing, and the rows typed so far: the whole page comes back as it was left. */
  mode: 'scan' | 'input';
  typed: string[];
}

const key = 'scan:batch';
export const emptyScanState: ScanState = {
  userType: null,
  org: null,
  prefix: '',
  ssids: [],
  mode: 'scan',
  typed: [''],
};

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((s) => typeof s === 'string') : []);

export const readScanState = (): ScanState => {
  try {
    const text = sessionStorage.getItem(key);
    if (!text) return emptyScanState;
    const value = JSON.parse(text) as Partial<ScanState>;
    return {
      userType: value.userType === 0 || value.userType === 1 ? value.userType : null,
      org: value.org && typeof value.org.id === 'number' ? value.org : null,
      prefix: typeof value.prefix === 'string' ? value.prefix : '',
      ssids: strings(value.ssids),
      mode: value.mode === 'input' ? 'input' : 'scan',
      typed: strings(value.typed).length > 0 ? strings(value.typed) : [''],
    };
  } catch {
    return emptyScanState;
  }
};

export const writeScanState = (state: ScanState | null): void => {
  try {
    if (state) sessionStorage.setItem(key, JSON.stringify(state));
    else sessionStorage.removeItem(key);
  } catch {
    // Without storage the batch lives as long as the page.
  }
};

/** The stored batch as React state; every change is written through at once. */
export const useScanState = () => {
  const [state, setState] = useState<ScanState>(readScanState);
  const update = useCallback((change: Partial<ScanState> | ((s: ScanState) => Partial<ScanState>)) => {
    setState((prev) => {
      const next = { ...prev, ...(typeof change === 'function' ? change(prev) : change) };
      writeScanState(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    writeScanState(null);
    setState(emptyScanState);
  }, []);
  return { state, update, reset };
};
