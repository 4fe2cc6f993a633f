import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking once a second. The end is a time rather than a count of
 * ticks, so a phone that throttles timers in the background still shows the right number when it wakes.
 */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  const end = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (seconds: number) => {
      stop();
      end.current = Date.now() + seconds * 1000;
      setLeft(seconds);
      timer.current = setInterval(() => {
        const rest = Math.max(0, Math.ceil((end.current - Date.now()) / 1000));
        setLeft(rest);
        if (rest === 0) stop();
      }, 1000);
    },
    [stop],
  );

  return { left, start };
};
