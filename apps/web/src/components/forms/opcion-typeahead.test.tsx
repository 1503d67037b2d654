import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OpcionTypeahead } from './opcion-typeahead.js';

describe('OpcionTypeahead', () => {
  it('names its open list after the field, in Spanish, and picks by typing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
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
  });
});
