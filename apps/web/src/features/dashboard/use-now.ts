import { useEffect, useState } from 'react';
import { TIMINGS } from '@tvsistema/domain';

/** The current instant, refreshed every `tickMs` (SPEC 9: the clock ticks every second). */
export const useNow = (tickMs: number = TIMINGS.clockTick): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs]);
  return now;
};
