import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state a form leaves for its list: the success message to show (SPEC 2.13). */
export type FlashState = { flash?: string };

export const readFlash = (state: unknown): string | undefined => {
  const flash = (state as FlashState | null)?.flash;
  return typeof flash === 'string' ? flash : undefined;
};

/**
 * The message the navigation that opened this screen brought, shown once: it is taken out of the
 * history entry, so a reload or a later visit does not repeat it.
 */
export const useFlash = (): [flash: string | undefined, dismiss: () => void] => {
  const location = useLocation();
  const navigate = useNavigate();
  const [flash, setFlash] = useState<string | undefined>();
  const [flashKey, setFlashKey] = useState<string | undefined>();
  // Taken from the navigation that brought it (adjusted while rendering, not in an effect).
  const incoming = readFlash(location.state);
  if (incoming !== undefined && flashKey !== location.key) {
    setFlashKey(location.key);
    setFlash(incoming);
  }
  useEffect(() => {
    if (readFlash(location.state) !== undefined) {
      void navigate({ search: location.search }, { replace: true, state: null });
    }
  }, [location.state, location.search, navigate]);
  return [flash, () => setFlash(undefined)];
};
