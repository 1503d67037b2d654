import { useEffect, useRef } from 'react';
import type { Direccion } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { findPalmaAddress } from '../api/palma-prefill.js';

export const isEmptyDireccion = (direccion: Direccion): boolean =>
  Object.values(direccion).every((value) => value === null || value === '');

/**
 * SPEC 4.6: on create, an empty address is prefilled once with España › Illes Balears › Palma.
 * Failures are ignored. `apply` is called only if the address is still empty when the answer
 * arrives, so nothing the user already picked is overwritten.
 */
export const usePalmaPrefill = (options: {
  enabled: boolean;
  current: () => Direccion;
  apply: (direccion: Direccion) => void;
}) => {
  const api = useApiClient();
  const done = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!options.enabled || done.current) return undefined;
    if (!isEmptyDireccion(latest.current.current())) {
      done.current = true;
      return undefined;
    }
    // Aborted by the cleanup (unmount, or React's development double run, which then retries).
    const controller = new AbortController();
    findPalmaAddress(api, controller.signal)
      .then((direccion) => {
        if (controller.signal.aborted) return;
        done.current = true;
        if (direccion && isEmptyDireccion(latest.current.current()))
          latest.current.apply(direccion);
      })
      .catch(() => {
        if (!controller.signal.aborted) done.current = true;
      });
    return () => controller.abort();
  }, [api, options.enabled]);
};
