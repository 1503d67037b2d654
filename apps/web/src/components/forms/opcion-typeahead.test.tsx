import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enfocarSinMenu } from './enfocar-sin-menu.js';
import { OpcionTypeahead } from './opcion-typeahead.js';

describe('OpcionTypeahead', () => {
  it('names its open list after the field, in Spanish, and picks by typing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    // React warns once per prop, so the first test to open a menu is the one that can see it.
    const consola = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <OpcionTypeahead
        inputId="cliente"
        label="Cliente"
        options={[
          { id: 'c1', label: 'Construcciones Ferrer Pons' },
          { id: 'c2', label: 'Hotel Cala Major' },
        ]}
        value=""
        onChange={onChange}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'cala');
    // The library's fallback name is "menu-options" (issue 14).
    const list = screen.getByRole('listbox', { name: 'Cliente: sugerencias' });
    expect(list.textContent).toContain('Hotel Cala Major');
    expect(list.textContent).not.toContain('Ferrer');
    await user.click(screen.getByRole('option', { name: 'Hotel Cala Major' }));
    expect(onChange).toHaveBeenCalledWith('c2');
    // The library's own item renderer is not a DOM attribute of the menu.
    expect(consola.mock.calls.flat().join(' ')).not.toContain('renderMenuItemChildren');
    consola.mockRestore();
  });

  it('takes the focus of a refused form with its menu closed; a click opens it', async () => {
    const user = userEvent.setup();
    render(
      <OpcionTypeahead
        inputId="cliente"
        label="Cliente"
        options={[{ id: 'c1', label: 'Construcciones Ferrer Pons' }]}
        value=""
        onChange={() => undefined}
        error="Elige un cliente"
      />,
    );
    const campo = screen.getByRole('combobox', { name: 'Cliente' });
    act(() => enfocarSinMenu(campo));
    expect(document.activeElement).toBe(campo);
    expect(campo.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(campo);
    expect(screen.getByRole('listbox', { name: 'Cliente: sugerencias' })).toBeTruthy();
  });
});
