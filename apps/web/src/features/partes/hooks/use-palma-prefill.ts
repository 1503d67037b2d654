import { useEffect, useRef } from 'react';
import type { Direccion } from '@tvsistema/domain';
import { findDefaultDireccion, isEmptyDireccion } from '../../localizacion/index.js';
import { useApiClient } from '../../../lib/api-client-context.js';

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
    findDefaultDireccion(api, controller.signal)
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
