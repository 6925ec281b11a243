/** The current time for the red current-time line and for 'today', updated on each new minute. */
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** Now, re-rendering at the start of every minute (and when the tab becomes visible again). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: number;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = window.setTimeout(tick, MINUTE_MS - (current.getTime() % MINUTE_MS));
    };
    timer = window.setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS));
    // Timers are throttled in background tabs: catch up at once on return.
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return now;
}
