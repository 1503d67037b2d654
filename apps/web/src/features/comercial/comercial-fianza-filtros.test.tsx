import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import {
  ALQUILER_ID,
  aPage,
  aPresupuestoResumen,
  anAlquiler,
  anAlquilerResumen,
} from './testing/fixtures.js';
import { renderComercial } from './testing/render-comercial.js';

// R21's fianza from the rental's detail (cobro, devolución, retención) and the lists' date
// filters ("Emitido desde"/"hasta", "Activos entre"), comercial.md §4 and §5.
import './components/alquiler-detail-page.js';
import './components/alquiler-list-page.js';
import './components/presupuesto-list-page.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const EFECTIVO = 'No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)';
const fianza = anAlquiler().fianza;

describe('fianza (R21) from /alquileres/{id}', () => {
  it('"Registrar cobro de fianza": efectivo of 1.000 € or more shows the limit and cannot be sent; otherwise PUT …/fianza with fecha, forma de pago and the version', async () => {
    const fake = createFakeApi();
    const alquiler = anAlquiler({ fianza: { ...fianza, importe: '1500.00' } });
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: alquiler } }));
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`, () => ({
      body: { data: alquiler },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    await user.click(
      await screen.findByRole('button', { name: 'Registrar cobro de fianza' }, LAZY),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar cobro de fianza' });
    expect(within(dialog).getByText('Fianza: 1.500,00 €')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'efectivo');
    expect(within(dialog).getByText(EFECTIVO)).toBeTruthy();
    expectCampoInvalido(within(dialog).getByLabelText('Forma de pago'), EFECTIVO);
    expect(within(dialog).getByRole('button', { name: 'Confirmar' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.selectOptions(within(dialog).getByLabelText('Forma de pago'), 'tarjeta');
    const fecha = within(dialog).getByLabelText('Fecha de cobro');
    await user.clear(fecha);
    await user.type(fecha, '2026-03-02');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('button', { name: 'Registrar cobro de fianza' });
    expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`)[0]?.body).toEqual({
      version: alquiler.version,
      estado: 'cobrada',
      fechaCobro: '2026-03-02',
      formaPago: 'tarjeta',
    });
  });

  it('"Registrar devolución de fianza" with a retention asks its motivo, fills the other amount and sends estado retenida; a stale version shows the conventions message in the modal', async () => {
    const fake = createFakeApi();
    const alquiler = anAlquiler({
      estado: 'finalizado',
      fianza: {
        ...fianza,
        importe: '1500.00',
        estado: 'cobrada',
        fechaCobro: '2026-03-02',
        formaPago: 'transferencia',
      },
    });
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: alquiler } }));
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`, () => ({
      status: 409,
      body: {
        message: 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    expect(await screen.findByText('Cobrada el 02/03/2026', {}, LAZY)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar devolución de fianza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar devolución de fianza' });
    expect((within(dialog).getByLabelText('Importe devuelto') as HTMLInputElement).value).toBe(
      '1500,00',
    );
    const retenido = within(dialog).getByLabelText('Importe retenido');
    await user.clear(retenido);
    await user.type(retenido, '300,00');
    expect((within(dialog).getByLabelText('Importe devuelto') as HTMLInputElement).value).toBe(
      '1200,00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByText('Indica el motivo de la retención')).toBeTruthy();
    expectCampoInvalido(
      within(dialog).getByLabelText('Motivo de la retención'),
      'Indica el motivo de la retención',
    );
    expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`)).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText('Motivo de la retención'),
      'Rotura del latiguillo',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await within(dialog).findByText(
        'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`)[0]?.body).toMatchObject({
      version: alquiler.version,
      estado: 'retenida',
      importeDevuelto: '1200.00',
      importeRetenido: '300.00',
      motivoRetencion: 'Rotura del latiguillo',
    });
  });

  it('a finalised rental whose fianza was never collected offers the cobro, not the devolución, and says why; once cobrada the devolución appears', async () => {
    const fake = createFakeApi();
    const pendiente = anAlquiler({
      estado: 'finalizado',
      fianza: { ...fianza, estado: 'pendiente' },
    });
    const cobrada = {
      ...pendiente,
      version: pendiente.version + 1,
      fianza: {
        ...pendiente.fianza,
        estado: 'cobrada' as const,
        fechaCobro: '2026-03-02',
        formaPago: 'transferencia' as const,
      },
    };
    let actual = pendiente;
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: actual } }));
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}/fianza`, () => {
      actual = cobrada;
      return { body: { data: cobrada } };
    });
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    const cobro = await screen.findByRole('button', { name: 'Registrar cobro de fianza' }, LAZY);
    expect(screen.queryByRole('button', { name: 'Registrar devolución de fianza' })).toBeNull();
    expect(
      screen.getByText('La fianza no se ha cobrado: registra el cobro antes de la devolución.'),
    ).toBeTruthy();
    await user.click(cobro);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar cobro de fianza' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByRole('button', { name: 'Registrar devolución de fianza' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar cobro de fianza' })).toBeNull();
    expect(
      screen.queryByText('La fianza no se ha cobrado: registra el cobro antes de la devolución.'),
    ).toBeNull();
  });

  it('the Fianza card tells what was returned and what was kept, and why', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: {
        data: anAlquiler({
          estado: 'finalizado',
          fianza: {
            importe: '1500.00',
            estado: 'retenida',
            fechaCobro: '2026-03-02',
            formaPago: 'transferencia',
            fechaDevolucion: '2026-03-20',
            importeDevuelto: '1200.00',
            importeRetenido: '300.00',
            motivoRetencion: 'Rotura del latiguillo',
          },
        }),
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    expect(await screen.findByText('Retenida · Transferencia', {}, LAZY)).toBeTruthy();
    expect(screen.getByText('Devueltos 1.200,00 € el 20/03/2026')).toBeTruthy();
    expect(screen.getByText('Retenidos 300,00 €: Rotura del latiguillo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar devolución de fianza' })).toBeNull();
  });
});

describe("the lists' date filters (§5)", () => {
  it('/presupuestos: "Emitido desde"/"hasta" go to the URL and the API as desde/hasta; a hasta before desde is marked and not sent', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/presupuestos', () => ({ body: aPage([aPresupuestoResumen()]) }));
    renderComercial('/presupuestos?view=list&desde=2026-03-01', { fake });
    const desde = await screen.findByLabelText('Emitido desde', {}, LAZY);
    expect((desde as HTMLInputElement).value).toBe('2026-03-01');
    expect(fake.callsTo('GET', '/api/presupuestos')[0]?.query.get('desde')).toBe('2026-03-01');
    const hasta = screen.getByLabelText('Emitido hasta');
    await user.type(hasta, '2026-03-31');
    await screen.findByText('P2026-00017');
    const ultima = () => fake.callsTo('GET', '/api/presupuestos').at(-1)?.query;
    expect(ultima()?.get('desde')).toBe('2026-03-01');
    expect(ultima()?.get('hasta')).toBe('2026-03-31');
    await user.clear(hasta);
    await user.type(hasta, '2026-02-01');
    expect(
      await screen.findByText('La fecha final no puede ser anterior a la inicial'),
    ).toBeTruthy();
    expectCampoInvalido(hasta, 'La fecha final no puede ser anterior a la inicial');
    expect(ultima()?.get('hasta')).toBeNull();
  });

  it('/alquileres: "Activos entre" sends desde and hasta with the default states', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres', () => ({ body: aPage([anAlquilerResumen()]) }));
    renderComercial('/alquileres?view=list&desde=2026-03-01&hasta=2026-03-15', { fake });
    expect(await screen.findByText('A2026-00012', {}, LAZY)).toBeTruthy();
    expect(screen.getByText('Activos entre')).toBeTruthy();
    expect((screen.getByLabelText('Activos entre') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('Activos entre: hasta') as HTMLInputElement).value).toBe(
      '2026-03-15',
    );
    const query = fake.callsTo('GET', '/api/alquileres')[0]?.query;
    expect(query?.get('desde')).toBe('2026-03-01');
    expect(query?.get('hasta')).toBe('2026-03-15');
    expect(query?.get('estado')).toBe('reservado,en_curso,devuelto_parcial');
  });
});

describe("the rental's history of its archive (§6)", () => {
  it('reads "Archivo eliminado: {nombre}" and "Archivo añadido: {nombre}"', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: anAlquiler() } }));
    const entrada = (id: string, anterior: string | null, nuevo: string | null) => ({
      _id: id,
      fecha: '2026-03-05T10:00:00.000Z',
      usuario: 'admin@tvsistema.test',
      accion: 'modificar',
      cambios: [{ campo: 'archivo', anterior, nuevo }],
    });
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}/historial`, () => ({
      body: aPage([entrada('h2', 'acta (2).pdf', null), entrada('h1', null, 'acta (2).pdf')]),
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Historial' }, LAZY));
    expect(await screen.findByText('Archivo eliminado: acta (2).pdf')).toBeTruthy();
    expect(screen.getByText('Archivo añadido: acta (2).pdf')).toBeTruthy();
  });
});
