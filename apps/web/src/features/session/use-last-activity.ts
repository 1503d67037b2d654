import { useEffect, useState } from 'react';
import { appEvents } from '../../lib/app-events.js';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'];
// Pointer moves arrive by the hundred; remembering one a second is plenty for a 10-minute timer.
const THROTTLE_MS = 1000;

/** Mutable on purpose: activity must never re-render the app. */
export type ActivityTracker = {
  /** When the user was last active (ms since epoch). */
  lastAt: () => number;
  /** Records activity now (throttled unless forced). */
  touch: (force?: boolean) => void;
};

export const createActivityTracker = (now: () => number = Date.now): ActivityTracker => {
  let last = now();
  return {
    lastAt: () => last,
    touch: (force = false) => {
      const current = now();
      if (force || current - last >= THROTTLE_MS) last = current;
    },
  };
};

/**
 * The user's last interaction or API request (SPEC 4.5; SPEC 7: "every request raises a
 * user-activity event").
 */
export const useLastActivity = (enabled: boolean): ActivityTracker => {
  const [tracker] = useState(() => createActivityTracker());

  useEffect(() => {
    if (!enabled) return;
    tracker.touch(true);
    const touch = () => tracker.touch();
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, touch, { passive: true, capture: true });
    }
    const stopListening = appEvents.on('user-activity', touch);
    return () => {
      for (const name of ACTIVITY_EVENTS)
        window.removeEventListener(name, touch, { capture: true });
      stopListening();
    };
  }, [enabled, tracker]);

  return tracker;
};
