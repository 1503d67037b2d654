import { expect } from 'vitest';

/** What a screen reader reads after a field's name: the texts its `aria-describedby` names. */
export const descripcionDe = (element: Element): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');

/**
 * The field is refused as a screen reader hears it (issue 14): `aria-invalid` and described by
 * its visible message (after any hint that already describes it).
 */
export const expectCampoInvalido = (element: Element, mensaje: string) => {
  expect(element.getAttribute('aria-invalid'), 'aria-invalid').toBe('true');
  expect(descripcionDe(element)).toContain(mensaje);
};
