import { Limits } from '@ptt/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Locks a submit action for a while after it fires (SPEC §9: 2 000 ms), so a double tap sends one request.
 * The ref blocks a second event that arrives before React has re-rendered the disabled button.
 */
export const useDoubleClickGuard = (ms: number = Limits.doubleClickGuardMs) => {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const guard = useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (lockedRef.current) return;
        lockedRef.current = true;
        setLocked(true);
        timer.current = setTimeout(() => {
          lockedRef.current = false;
          setLocked(false);
        }, ms);
        action(...args);
      },
    [ms],
  );

  return { locked, guard };
};
