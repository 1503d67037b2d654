import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StartupError } from './startup-error.js';

describe('StartupError', () => {
  it('"Recargar página" reloads and keeps the stored data', async () => {
    const onReload = vi.fn();
    localStorage.setItem('returnPath', '/clientes');
    render(<StartupError onReload={onReload} />);

    await userEvent.click(screen.getByRole('button', { name: 'Recargar página' }));

    expect(onReload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('returnPath')).toBe('/clientes');
  });

  it('"Limpiar y recargar" empties both storages before reloading', async () => {
    const storedWhenReloading: (string | null)[] = [];
    const onReload = vi.fn(() => {
      storedWhenReloading.push(
        localStorage.getItem('returnPath'),
        sessionStorage.getItem('tvsistema_currentSystem'),
      );
    });
    localStorage.setItem('returnPath', '/clientes');
    sessionStorage.setItem('tvsistema_currentSystem', 'alquileres');
    render(<StartupError onReload={onReload} />);

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar y recargar' }));

    expect(onReload).toHaveBeenCalledOnce();
    expect(storedWhenReloading).toEqual([null, null]);
  });
});
