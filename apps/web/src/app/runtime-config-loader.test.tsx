import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config.js';
import { testRuntimeConfig } from '../testing/render.js';
import { RuntimeConfigLoader, startRuntimeConfig } from './runtime-config-loader.js';

const ShowsClientId = () => <p>Cliente {useRuntimeConfig().auth.clientId}</p>;

describe('RuntimeConfigLoader', () => {
  it('shows the start-up loader until the configuration arrives, then the app with it', async () => {
    let resolve: (config: RuntimeConfig) => void = () => undefined;
    const load = vi.fn(() => new Promise<RuntimeConfig>((done) => (resolve = done)));
    render(
      <RuntimeConfigLoader load={load}>
        <ShowsClientId />
      </RuntimeConfigLoader>,
    );

    expect(screen.getByText('Iniciando aplicación...')).toBeTruthy();
    resolve(testRuntimeConfig);
    expect(await screen.findByText('Cliente tvsistema-web')).toBeTruthy();
  });

  it('shows the start-up failure screen when the configuration cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RuntimeConfigLoader load={() => Promise.reject(new Error('No hay conexión'))}>
        <ShowsClientId />
      </RuntimeConfigLoader>,
    );

    expect(await screen.findByRole('heading', { name: 'Error de inicialización' })).toBeTruthy();
    expect(screen.getByText('No se pudo cargar la aplicación correctamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Limpiar y recargar' })).toBeTruthy();
    expect(screen.queryByText(/Cliente/)).toBeNull();
    consoleError.mockRestore();
  });

  it('takes the request main.tsx started before the first render, and asks again after a failure', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(() => Promise.resolve(Response.json(testRuntimeConfig)));
    vi.stubGlobal('fetch', fetch);
    await expect(startRuntimeConfig()).rejects.toThrow();
    // As main.tsx does; the failed request above is not kept.
    void startRuntimeConfig();
    render(
      <RuntimeConfigLoader>
        <ShowsClientId />
      </RuntimeConfigLoader>,
    );
    expect(await screen.findByText('Cliente tvsistema-web')).toBeTruthy();
    // The loader used the request already under way: none of its own.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[1]?.[0])).toMatch(/\/api\/config$/);
    vi.unstubAllGlobals();
  });
});
