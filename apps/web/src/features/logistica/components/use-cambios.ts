import { useCallback, useState, type FormEvent } from 'react';

/**
 * Whether the user has changed an albarán form (for the unsaved-changes guard). Every input's
 * change bubbles to the form's `onChange`; the search boxes that only narrow a list ("Buscar…")
 * change nothing, and buttons that add or drop a line call `marcar` themselves.
 */
export const useCambios = () => {
  const [cambiado, setCambiado] = useState(false);
  const marcar = useCallback(() => setCambiado(true), []);
  const onChange = useCallback((e: FormEvent<HTMLFormElement>) => {
    const campo = e.target as HTMLElement;
    if (campo.getAttribute('aria-label')?.startsWith('Buscar')) return;
    setCambiado(true);
  }, []);
  return { cambiado, marcar, onChange };
};
