import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS, type SystemId } from '@tvsistema/domain';
import { SystemProvider } from './system-provider.js';
import { useSystem } from '../../lib/system-context.js';

const Probe = () => {
  const { currentSystem, setCurrentSystem, clearCurrentSystem } = useSystem();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p>Sistema: {currentSystem ?? 'ninguno'}</p>
      {error ? <p role="alert">{error}</p> : null}
      <button onClick={() => setCurrentSystem('transportes')}>Transportes</button>
      <button onClick={() => clearCurrentSystem()}>Quitar</button>
      <button
        onClick={() => {
          try {
            // What a caller holding an unchecked value (a URL, a storage entry) could pass.
            setCurrentSystem('logistica' as SystemId);
          } catch (cause) {
            setError((cause as Error).message);
          }
        }}
      >
        Inválido
      </button>
    </>
  );
};

const renderProvider = (path = '/presupuestos') => {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SystemProvider>
            <Probe />
          </SystemProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
};

const otherTabChooses = (system: string) =>
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.systemBroadcast,
        newValue: JSON.stringify({ system, at: Date.now() }),
      }),
    );
  });

describe('SystemProvider (SPEC 4.2)', () => {
  it('starts from session storage', () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'verticales');
    renderProvider();
    expect(screen.getByText('Sistema: verticales')).toBeTruthy();
  });

  it('reads a tampered value as no system', () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'logistica');
    renderProvider();
    expect(screen.getByText('Sistema: ninguno')).toBeTruthy();
  });

  it('migrates the legacy local-storage key at start and removes it', () => {
    localStorage.setItem(STORAGE_KEYS.legacySelectedSystem, 'transportes');
    renderProvider();
    expect(screen.getByText('Sistema: transportes')).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.currentSystem)).toBe('transportes');
    expect(localStorage.getItem(STORAGE_KEYS.legacySelectedSystem)).toBeNull();
  });

  it('keeps the tab’s own system over a legacy value, and drops an invalid legacy value', () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'alquileres');
    localStorage.setItem(STORAGE_KEYS.legacySelectedSystem, 'transportes');
    renderProvider();
    expect(screen.getByText('Sistema: alquileres')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.legacySelectedSystem)).toBeNull();
  });

  it('setting stores the system, themes the body and tells other tabs', async () => {
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Transportes' }));

    expect(screen.getByText('Sistema: transportes')).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.currentSystem)).toBe('transportes');
    expect(document.body.dataset.system).toBe('transportes');
    expect(document.body.classList.contains('theme-transportes')).toBe(true);
    expect(document.body.style.getPropertyValue('--accent')).toBe('#342A81');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.systemBroadcast) ?? '{}')).toMatchObject({
      system: 'transportes',
    });
  });

  it('rejects an invalid value with the SPEC text and keeps the current one', async () => {
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Inválido' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Sistema inválido: logistica. Sistemas válidos: alquileres, transportes, verticales',
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.currentSystem)).toBeNull();
  });

  it('clearing removes it from storage and the body', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'alquileres');
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(sessionStorage.getItem(STORAGE_KEYS.currentSystem)).toBeNull();
    expect(document.body.dataset.system).toBeUndefined();
    expect(document.body.classList.contains('theme-alquileres')).toBe(false);
    expect(document.body.style.getPropertyValue('--accent')).toBe('');
  });

  it('another tab’s change updates this tab and leaves a page the new system rejects', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'alquileres');
    const router = renderProvider('/presupuestos');

    otherTabChooses('verticales');

    expect(await screen.findByText('Sistema: verticales')).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.currentSystem)).toBe('verticales');
    expect(document.body.dataset.system).toBe('verticales');
    expect(router.state.location.pathname).toBe('/obras');
  });

  it('another tab’s change keeps a page the new system allows, and non-verticales go to /dashboard', async () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'alquileres');
    const router = renderProvider('/facturas');
    otherTabChooses('transportes');
    expect(await screen.findByText('Sistema: transportes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/facturas');

    await act(async () => void (await router.navigate('/transporte/camiones')));
    otherTabChooses('alquileres');
    expect(await screen.findByText('Sistema: alquileres')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('ignores storage events about other keys or invalid values', () => {
    sessionStorage.setItem(STORAGE_KEYS.currentSystem, 'alquileres');
    renderProvider();
    otherTabChooses('logistica');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'otra', newValue: 'verticales' }));
    });
    expect(screen.getByText('Sistema: alquileres')).toBeTruthy();
  });
});
