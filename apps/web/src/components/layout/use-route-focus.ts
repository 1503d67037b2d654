import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** An element a screen wants focused on arrival instead of its heading (a saved-record banner). */
export const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

// Lazy screens show a skeleton first: their heading may arrive a moment after the route changes.
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * After an in-app navigation, focus moves to the new screen — its `[data-route-focus]` element or
 * its first h1 — so keyboard and screen-reader users start there instead of on the menu entry
 * they used (issue 14). The first load keeps the browser's own behaviour, and a user who already
 * moved focus into the page is left alone.
 */
export const useRouteFocus = (main: RefObject<HTMLElement | null>) => {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return undefined;
    }
    const container = main.current;
    if (!container) return undefined;
    const focusTarget = (): boolean => {
      const active = document.activeElement;
      if (active && active !== container && container.contains(active)) return true;
      const target =
        container.querySelector<HTMLElement>(`[${ROUTE_FOCUS_ATTRIBUTE}]`) ??
        container.querySelector<HTMLElement>('h1');
      if (!target) return false;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
      return true;
    };
    if (focusTarget()) return undefined;
    const observer = new MutationObserver(() => {
      if (focusTarget()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
};
