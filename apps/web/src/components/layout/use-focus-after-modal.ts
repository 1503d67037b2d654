import { useEffect, type RefObject } from 'react';
import { ROUTE_FOCUS_ATTRIBUTE } from './use-route-focus.js';

/**
 * The element a screen wants focused when the control that had the focus is gone: the banner
 * announcing the action's result. It needs `tabIndex={-1}`.
 */
export const MODAL_FOCUS_ATTRIBUTE = 'data-modal-focus';

/** The props that mark a screen's result banner (`<Alert {...modalFocusTarget}>`). */
export const modalFocusTarget = { tabIndex: -1, [MODAL_FOCUS_ATTRIBUTE]: '' } as const;

/**
 * When a modal closes, react-bootstrap gives the focus back to what opened it. After an action
 * that removes that button ("Rechazar" on a rejected quote, "Emitir" on an issued invoice, an
 * obra's state change, with or without a modal) there is nothing to give it back to, and the
 * focus falls to <body>: keyboard and screen-reader users are lost (issue 14). Then the focus goes
 * to the screen's `[data-modal-focus]` banner, else its `[data-route-focus]` one, else its h1.
 * A trigger that still exists keeps its focus, and so does a modal opened in turn.
 */
export const useFocusAfterModal = (main: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    // What had the focus last; <body> never fires focusin, so a click on the page keeps it.
    let focused: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    const focusFallback = () => {
      const container = main.current;
      const active = document.activeElement;
      // The trigger got it back, or the user moved on.
      if (!container || (active && active !== document.body && active.isConnected)) return;
      // Another modal is open, or this one is still closing (its restore comes later).
      if (document.querySelector('.modal')) return;
      const target =
        container.querySelector<HTMLElement>(`[${MODAL_FOCUS_ATTRIBUTE}]`) ??
        container.querySelector<HTMLElement>(`[${ROUTE_FOCUS_ATTRIBUTE}]`) ??
        container.querySelector<HTMLElement>('h1');
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected) return;
      // After react-bootstrap's own restore, which runs in an effect of the same update.
      clearTimeout(timer);
      timer = setTimeout(focusFallback);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [main]);
};
