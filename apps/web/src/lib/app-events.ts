/**
 * Application-wide signals that do not belong to any one component: the API client raises them,
 * the session shell (inactivity timer, token-error handling) listens. A tiny typed bus instead of
 * DOM CustomEvents keeps the payloads checked at compile time.
 */
export type AppEventMap = {
  /** Something the user did (a request, an input); it postpones the inactivity warning. */
  'user-activity': { source: 'api-request' | 'interaction' };
  unauthorized: { message: string };
  'token-expired': { message: string };
};

export type AppEventName = keyof AppEventMap;
export type AppEventListener<Name extends AppEventName> = (payload: AppEventMap[Name]) => void;

export type AppEvents = {
  emit: <Name extends AppEventName>(name: Name, payload: AppEventMap[Name]) => void;
  /** Returns the function that removes the listener (fits a useEffect cleanup). */
  on: <Name extends AppEventName>(name: Name, listener: AppEventListener<Name>) => () => void;
};

export const createAppEvents = (): AppEvents => {
  const listeners = new Map<AppEventName, Set<(payload: never) => void>>();

  return {
    emit(name, payload) {
      // A copy, so a listener that unsubscribes while being called does not skip its neighbour.
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as AppEventListener<typeof name>)(payload);
        } catch (error) {
          // One faulty listener must not stop the others nor the request that raised the event.
          console.error(`Error en un oyente del evento "${name}"`, error);
        }
      }
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(name, set);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
  };
};

/** The bus the running application uses. */
export const appEvents: AppEvents = createAppEvents();
