import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderFinanzas } from './testing/render-finanzas.js';

// The lazy screen, loaded before the first test (a busy machine must not time the import out).
import './components/fiscal-pages.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

const registro = (orden: number, estado: string | null, tipo = 'alta') => ({
  orden,
  fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
  tipo,
  numSerieFactura: `F2026-0000${orden}`,
  tipoFactura: 'F1',
  cuotaTotal: '21.00',
  importeTotal: '121.00',
  huella: 'A'.repeat(64),
  estado,
});

/** The page over three records: accepted, a connection error, and a rejected alta. */
const pagina = () => {
  const fake = createFakeApi();
  fake.on('GET', '/api/verifactu/resumen', () => ({
    body: {
      data: {
        registros: 3,
        pendientes: 1,
        rechazados: 1,
        ultimaHuella: 'A'.repeat(64),
        modoTexto: 'Envío: Simulado (sin conexión con la AEAT)',
      },
    },
  }));
  fake.on('GET', '/api/verifactu/registros', () => ({
    body: {
      data: [registro(1, 'aceptado'), registro(2, 'error_conexion'), registro(3, 'rechazado')],
    },
  }));
  renderFinanzas('/facturas/verifactu', { fake });
  return fake;
};

const fila = async (numero: string) =>
  (await screen.findByRole('cell', { name: numero }, LAZY)).closest('tr') as HTMLElement;

describe('/facturas/verifactu row actions (finanzas.md §5)', () => {
  it('shows each state in Spanish and offers "Reintentar envío" or "Generar subsanación" where they apply', async () => {
    pagina();
    const aceptado = await fila('F2026-00001');
    expect(within(aceptado).getByText('Aceptado')).toBeTruthy();
    expect(within(aceptado).queryByRole('button')).toBeNull();
    const caido = await fila('F2026-00002');
    expect(within(caido).getByText('Error de conexión')).toBeTruthy();
    expect(within(caido).getByRole('button', { name: 'Reintentar envío' })).toBeTruthy();
    const rechazado = await fila('F2026-00003');
    expect(within(rechazado).getByText('Rechazado')).toBeTruthy();
    expect(within(rechazado).getByRole('button', { name: 'Generar subsanación' })).toBeTruthy();
  });

  it('"Reintentar envío" sends the record again and reads the records anew', async () => {
    const fake = pagina();
    fake.on('POST', '/api/verifactu/registros/2/reintentar', () => ({
      status: 202,
      body: { data: { orden: 2 } },
    }));
    const caido = await fila('F2026-00002');
    const lecturas = fake.callsTo('GET', '/api/verifactu/registros').length;
    await user.click(within(caido).getByRole('button', { name: 'Reintentar envío' }));
    expect(await screen.findByText('Envío del registro 2 reintentado.')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/verifactu/registros/2/reintentar')).toHaveLength(1);
    expect(fake.callsTo('GET', '/api/verifactu/registros').length).toBeGreaterThan(lecturas);
  });

  it('"Generar subsanación" names the new record; a refusal shows the server\'s reason', async () => {
    const fake = pagina();
    fake.on('POST', '/api/verifactu/registros/3/subsanar', () => ({
      status: 202,
      body: { data: { orden: 4 } },
    }));
    await user.click(
      within(await fila('F2026-00003')).getByRole('button', { name: 'Generar subsanación' }),
    );
    expect(await screen.findByText('Subsanación generada: registro 4.')).toBeTruthy();

    fake.on('POST', '/api/verifactu/registros/2/reintentar', () => ({
      status: 409,
      body: {
        message: 'Solo se reintenta el envío de un registro pendiente o con error de conexión.',
      },
    }));
    await user.click(
      within(await fila('F2026-00002')).getByRole('button', { name: 'Reintentar envío' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Solo se reintenta el envío de un registro pendiente o con error de conexión.',
    );
  });
});

describe('/facturas/verifactu filters (finanzas.md §5)', () => {
  it('asks the API for the records of the chosen dates, tipo and estado', async () => {
    const fake = pagina();
    await fila('F2026-00001');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Rechazado');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Alta');
    await user.type(screen.getByLabelText('Desde'), '2026-03-01');
    const ultima = () => fake.callsTo('GET', '/api/verifactu/registros').at(-1)?.query;
    await waitFor(() => expect(ultima()?.get('desde')).toBe('2026-03-01'));
    expect(ultima()?.get('estado')).toBe('rechazado');
    expect(ultima()?.get('tipo')).toBe('alta');
    expect(ultima()?.get('empresa')).toBe('alquileres');
    expect(ultima()?.has('hasta')).toBe(false);
  });
});

describe('rule 9 on the invoice detail', () => {
  it('"Emitir" shows the API\'s deadline warnings beside the issued number', async () => {
    const { aFactura, FACTURA_ID } = await import('./testing/fixtures.js');
    const fake = createFakeApi();
    const borradorF = aFactura({ estado: 'borrador', numero: null });
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({ body: { data: borradorF } }));
    const aviso =
      'Fuera de plazo: la operación del 31/01/2026 debía facturarse antes del 15/02/2026.';
    fake.on('POST', `/api/facturas/${FACTURA_ID}/emitir`, () => ({
      body: { data: aFactura(), avisos: [aviso] },
    }));
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Emitir' }, LAZY));
    const dialogo = await screen.findByRole('dialog');
    await user.click(within(dialogo).getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText(aviso)).toBeTruthy();
  });
});

describe('/facturas row actions (finanzas.md §5: Ver, Editar, PDF)', () => {
  it('each row offers its PDF', async () => {
    const { aFactura, aPage } = await import('./testing/fixtures.js');
    const fake = createFakeApi();
    fake.on('GET', '/api/facturas', () => ({ body: aPage([aFactura()]) }));
    renderFinanzas('/facturas', { fake });
    const fila = (await screen.findByRole('link', { name: 'Ver F2026-00001' }, LAZY)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(fila).getByRole('button', { name: 'PDF de F2026-00001' })).toBeTruthy();
  });
});

describe('/facturas empty (finanzas.md §5)', () => {
  it('offers "Nueva factura" and "Facturar alquileres" inside the empty state', async () => {
    const { aPage } = await import('./testing/fixtures.js');
    const fake = createFakeApi();
    fake.on('GET', '/api/facturas', () => ({ body: aPage([]) }));
    renderFinanzas('/facturas', { fake });
    const vacio = (
      await screen.findByText(
        'Aún no hay facturas - Crea tu primera factura o factura los alquileres del mes.',
        {},
        LAZY,
      )
    ).closest('.card') as HTMLElement;
    expect(within(vacio).getByRole('link', { name: 'Nueva factura' }).getAttribute('href')).toBe(
      '/facturas/nueva',
    );
    expect(within(vacio).getByRole('button', { name: 'Facturar alquileres' })).toBeTruthy();
  });
});
