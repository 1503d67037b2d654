import { useEffect, useRef } from 'react';

/**
 * The banner that answers a save takes the focus (issue 14): the save button is disabled while
 * saving, so the focus would otherwise fall to the page's body, and screen readers would not
 * start from the answer. Scrolls it into view too, for a long form on a phone. The element needs
 * `tabIndex={-1}`.
 */
export const useBannerFocus = <T extends HTMLElement = HTMLDivElement>(banner: unknown) => {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!banner) return;
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    ref.current?.focus();
  }, [banner]);
  return ref;
};
