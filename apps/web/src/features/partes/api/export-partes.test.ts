import { describe, expect, it, vi } from 'vitest';
import { exportFileName, exportPartes } from './export-partes.js';

const csvResponse = (headers: Record<string, string> = {}) =>
  new Response('\uFEFFNombre;Documento\nFerretería;B07123458\n', {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers },
  });

describe('exportPartes', () => {
  it('asks for the filtered list with the bearer token and names the file by resource, empresa and day', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(csvResponse()));
    const file = await exportPartes({
      resource: 'proveedores',
      params: { empresa: 'alquileres', searchTerm: 'ferre', activo: false, sort: '-nombre' },
      getAccessToken: () => Promise.resolve('t0k3n'),
      fetchImpl,
      now: new Date(2026, 10, 23, 9, 30),
    });

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(
      '/api/proveedores/export?empresa=alquileres&searchTerm=ferre&activo=false&sort=-nombre',
    );
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer t0k3n');
    expect(file.fileName).toBe('proveedores-alquileres-2026-11-23.csv');
    expect(await file.blob.text()).toContain('Ferretería');
  });

  it("prefers the server's file name", async () => {
    const file = await exportPartes({
      resource: 'clientes',
      params: { empresa: 'transporte' },
      getAccessToken: () => Promise.resolve('t'),
      fetchImpl: () =>
        Promise.resolve(
          csvResponse({ 'Content-Disposition': 'attachment; filename="clientes-transporte.csv"' }),
        ),
    });
    expect(file.fileName).toBe('clientes-transporte.csv');
  });

  it("fails with the server's message", async () => {
    await expect(
      exportPartes({
        resource: 'proveedores',
        params: { empresa: 'alquileres' },
        getAccessToken: () => Promise.resolve('t'),
        fetchImpl: () =>
          Promise.resolve(
            new Response(JSON.stringify({ message: 'No tienes permisos' }), { status: 403 }),
          ),
      }),
    ).rejects.toMatchObject({ status: 403, message: 'No tienes permisos' });
  });

  it('builds the default file name from the local date', () => {
    expect(exportFileName('clientes', 'transporte', new Date(2026, 0, 5))).toBe(
      'clientes-transporte-2026-01-05.csv',
    );
  });
});
