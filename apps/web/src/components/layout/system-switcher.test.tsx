import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Nav } from 'react-bootstrap';
import { SystemSwitcher } from './system-switcher.js';

describe('SystemSwitcher', () => {
  it('says "No hay sistemas disponibles" when there is nothing to list', async () => {
    render(
      <Nav>
        <SystemSwitcher
          currentSystem="alquileres"
          availableSystems={['alquileres', 'transportes']}
          systems={[]}
          onSelect={vi.fn()}
        />
      </Nav>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar de sistema: Alquileres' }));
    expect(screen.getByText('No hay sistemas disponibles')).toBeDefined();
  });

  it('does nothing when the current system is chosen again', async () => {
    const onSelect = vi.fn();
    render(
      <Nav>
        <SystemSwitcher
          currentSystem="transportes"
          availableSystems={['alquileres', 'transportes']}
          onSelect={onSelect}
        />
      </Nav>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar de sistema: Transportes' }));
    await userEvent.click(screen.getByRole('button', { name: /Sistema de Transportes/ }));
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar de sistema: Transportes' }));
    await userEvent.click(screen.getByRole('button', { name: /Sistema de Alquileres/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('alquileres');
  });
});
