import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Factura } from '@tvsistema/domain';
import { createFakeApi, type FakeApi } from '../../testing/fake-api.js';
import { aFactura, aNota, aPage, CLIENTE_ID, FACTURA_ID, NOTA_ID } from './testing/fixtures.js';
import { renderFinanzas } from './testing/render-finanzas.js';

// The lazy screens, loaded before the first test (a busy machine must not time the import out).
import './components/nota-list-page.js';
import './components/factura-detail-page.js';
import './components/factura-form-page.js';

const user = userEvent.setup({ delay: null });

/** Scripts a nota of `factura`: the invoice, the list of issued ones and the draft's POST. */
const notaDeFactura = (fake: FakeApi, factura: Factura) => {
  fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({ body: { data: factura } }));
  fake.on('GET', '/api/facturas', () => ({ body: aPage([factura]) }));
  fake.on('POST', '/api/notas', () => ({
    status: 201,
    body: { data: aNota({ estado: 'borrador', numero: null, version: 1 }) },
  }));
};
const LAZY = { timeout: 5_000 };

describe('/notas (finanzas.md §5)', () => {
  it('lists the notas of alquileres with the rectified invoice, tipo, motivo and what is still to pay back', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/notas', () => ({
      body: aPage([aNota({ pendiente: '-21.00' }), aNota({ _id: 'b', numero: null })]),
    }));
    renderFinanzas('/notas', { fake });
    expect(
      await screen.findByRole('heading', { name: 'Notas de abono - Alquileres' }, LAZY),
    ).toBeTruthy();
    expect(await screen.findByText('R2026-00001')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/notas')[0]?.query.get('empresa')).toBe('alquileres');
    const table = screen.getByRole('table');
    for (const header of ['Factura rectificada', 'Tipo', 'Motivo', 'Pendiente de devolver'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(
      within(table).getAllByRole('link', { name: 'F2026-00001' })[0]?.getAttribute('href'),
    ).toBe(`/facturas/${FACTURA_ID}`);
    expect(within(table).getAllByText('Error en el precio')).toHaveLength(2);
    expect(within(table).getByText('21,00 €')).toBeTruthy();
    expect(within(table).getByText('Borrador')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nueva nota de abono' }).getAttribute('href')).toBe(
      '/notas/nueva',
    );
  });

  it('says how notas are made when there is none, with "Nueva nota de abono", and offers "Reintentar" when the list fails', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/notas', () => ({ body: aPage([]) }));
    renderFinanzas('/notas', { fake });
    const vacio = (
      await screen.findByText(
        'Aún no hay notas de abono - Se crean desde una factura emitida con «Nota de abono».',
        {},
        LAZY,
      )
    ).closest('.card') as HTMLElement;
    expect(
      within(vacio).getByRole('link', { name: 'Nueva nota de abono' }).getAttribute('href'),
    ).toBe('/notas/nueva');
    fake.on('GET', '/api/notas', () => ({ status: 500, body: {} }));
    await user.click(screen.getByRole('button', { name: /Actualizar/ }));
    expect(await screen.findByText('No se pudo cargar notas de abono')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('filters as facturas: Desde, Hasta and a Cliente typeahead go to the URL and the API', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/notas', () => ({ body: aPage([aNota()]) }));
    fake.on('GET', '/api/clientes', () => ({
      body: aPage([
        { _id: CLIENTE_ID, nombre: 'Hotel Cala Major S.L.', documento: 'B07123456' },
        { _id: 'otro', nombre: 'Construcciones Pollença', documento: null },
      ]),
    }));
    const { router } = renderFinanzas('/transporte/facturas/notas?hasta=2026-03-31', {
      fake,
      system: 'transportes',
    });
    expect(
      await screen.findByRole('heading', { name: 'Notas de abono - Transportes' }, LAZY),
    ).toBeTruthy();
    const primera = fake.callsTo('GET', '/api/notas')[0]?.query;
    expect(primera?.get('empresa')).toBe('transporte');
    expect(primera?.get('hasta')).toBe('2026-03-31');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('2026-03-31');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/notas').at(-1)?.query.get('desde')).toBe('2026-03-01'),
    );
    expect(fake.callsTo('GET', '/api/clientes')[0]?.query.get('empresa')).toBe('transporte');
    await user.type(screen.getByLabelText('Cliente'), 'cala');
    await user.click(await screen.findByRole('option', { name: /Hotel Cala Major/ }));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/notas').at(-1)?.query.get('clienteId')).toBe(CLIENTE_ID),
    );
    expect(router.state.location.search).toBe(
      `?desde=2026-03-01&hasta=2026-03-31&cliente=${CLIENTE_ID}`,
    );
    await user.clear(screen.getByLabelText('Cliente'));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/notas').at(-1)?.query.get('clienteId')).toBeNull(),
    );
  });

  it('is admin-only: an empleado is sent to /unauthorized', async () => {
    renderFinanzas('/notas', { roles: ['empleado'] });
    expect(await screen.findByText('En /unauthorized', {}, LAZY)).toBeTruthy();
  });
});

describe('/notas/nueva?facturaId= (finanzas.md §5, rule 7)', () => {
  it('"Abonar factura completa" negates every line; "Guardar y emitir" posts the nota and issues it', async () => {
    const fake = createFakeApi();
    notaDeFactura(fake, aFactura());
    fake.on('POST', `/api/notas/${NOTA_ID}/emitir`, () => ({ body: { data: aNota() } }));
    const { router } = renderFinanzas(`/notas/nueva?facturaId=${FACTURA_ID}`, { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva nota de abono' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('Pendiente de abonar')).toBeTruthy();
    expect((screen.getByLabelText('Factura rectificada') as HTMLInputElement).value).toMatch(
      /^F2026-00001 · Hotel Cala Major S.L./,
    );
    await user.click(screen.getByRole('button', { name: 'Abonar factura completa' }));
    expect((screen.getByLabelText('Cantidad de la línea 1') as HTMLInputElement).value).toBe(
      '-1.0000',
    );
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Precio mal aplicado' } });
    await user.click(screen.getByRole('button', { name: 'Guardar y emitir' }));
    const emitir = await screen.findByRole('dialog', { name: 'Emitir nota de abono' });
    expect(
      within(emitir).getByText(
        'Una vez emitida no se puede modificar ni eliminar; se registrará en VERI*FACTU.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('POST', '/api/notas')).toHaveLength(0);
    await user.click(within(emitir).getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText('Nota de abono R2026-00001 emitida')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/notas')[0]?.body).toMatchObject({
      empresa: 'alquileres',
      clienteId: aFactura().clienteId,
      tipoFactura: 'R1',
      facturaRectificadaId: FACTURA_ID,
      tipoRectificacion: 'I',
      motivo: 'Precio mal aplicado',
      lineas: [{ cantidad: '-1.0000', precioUnitario: '875.0000' }],
    });
    expect(fake.callsTo('POST', `/api/notas/${NOTA_ID}/emitir`)[0]?.body).toEqual({ version: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/notas/${NOTA_ID}`), {
      timeout: 3_000,
    });
  });
});

describe('/notas/nueva (finanzas.md §5): "Factura rectificada" is a typeahead', () => {
  it("searches the issued invoices as the user types and shows the chosen one's pendiente", async () => {
    const fake = createFakeApi();
    const otra = aFactura({
      _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000599',
      numero: 'F2026-00042',
      pendiente: '50.00',
      cliente: { nombre: 'Construcciones Pollença', documento: 'B07999999', direccion: [] },
    });
    fake.on('GET', '/api/facturas', () => ({
      body: aPage([aFactura(), otra, aFactura({ _id: 'x', numero: null, estado: 'borrador' })]),
    }));
    fake.on('GET', `/api/facturas/${otra._id}`, () => ({ body: { data: otra } }));
    renderFinanzas('/notas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva nota de abono' }, LAZY)).toBeTruthy();
    expect(screen.queryByText('Pendiente de abonar')).toBeNull();
    await user.type(screen.getByLabelText('Factura rectificada'), 'polle');
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/facturas').at(-1)?.query.get('searchTerm')).toBe('polle'),
    );
    expect(screen.queryByRole('option', { name: /F2026-00001/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /^F2026-00042 · Construcciones/ }));
    expect(await screen.findByText('Pendiente de abonar')).toBeTruthy();
    expect(screen.getByText('50,00 €')).toBeTruthy();
  });
});

describe('/notas/nueva: lines and totals as invoices (finanzas.md §5)', () => {
  it("keeps each line's unidad, reorders with ↑ ↓, shows the desglose and the invoice's retención, and sends it", async () => {
    const fake = createFakeApi();
    const base = aFactura();
    const factura = aFactura({
      retencionPct: '15',
      lineas: [
        ...base.lineas,
        {
          ...base.lineas[0]!,
          id: 'l2',
          descripcion: 'Transporte',
          unidad: 'h',
          cantidad: '2.0000',
          precioUnitario: '50.0000',
          tipoIva: 10,
        },
      ],
    });
    notaDeFactura(fake, factura);
    renderFinanzas(`/notas/nueva?facturaId=${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Abonar factura completa' }, LAZY));
    expect((screen.getByLabelText('Unidad de la línea 2') as HTMLInputElement).value).toBe('h');
    await user.click(screen.getByRole('button', { name: 'Bajar la línea 1' }));
    expect((screen.getByLabelText('Descripción de la línea 1') as HTMLInputElement).value).toBe(
      'Transporte',
    );
    expect(
      (screen.getByRole('button', { name: 'Subir la línea 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const desglose = screen.getByRole('table', { name: 'Desglose' });
    expect(within(desglose).getByText('21 %')).toBeTruthy();
    expect(within(desglose).getByText('10 %')).toBeTruthy();
    // Bases -875,00 and -100,00: retención 15 % of -975,00.
    expect(screen.getByText('Retención (15 %)')).toBeTruthy();
    expect(screen.getByText('-146,25 €')).toBeTruthy();
    expect(screen.getByText('Total a pagar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/notas')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/notas')[0]?.body).toMatchObject({
      retencionPct: '15',
      recargoEquivalencia: false,
      lineas: [
        { descripcion: 'Transporte', unidad: 'h', cantidad: '-2.0000', tipoIva: 10 },
        { descripcion: 'Alquiler de plataforma elevadora', unidad: 'ud', cantidad: '-1.0000' },
      ],
    });
  });
});

describe('/transporte/facturas/notas/{id}/editar of an issued nota', () => {
  it('says it cannot change and offers another nota of the same invoice, under transportes', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/notas/${NOTA_ID}`, () => ({
      body: { data: aNota({ empresa: 'transporte' }) },
    }));
    fake.on('GET', '/api/facturas', () => ({ body: aPage([]) }));
    renderFinanzas(`/transporte/facturas/notas/${NOTA_ID}/editar`, {
      fake,
      system: 'transportes',
    });
    // The nota's own words, not the invoice's ("Las facturas emitidas…").
    expect(
      await screen.findByText(
        'Las notas de abono emitidas no se pueden modificar: corrige con otra nota de abono o con una nueva factura.',
        { exact: false },
        LAZY,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Las facturas emitidas/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Nota de abono' }).getAttribute('href')).toBe(
      `/transporte/facturas/notas/nueva?facturaId=${FACTURA_ID}`,
    );
  });
});

describe('/notas/nueva: "Exenta" / "No sujeta" + causa (finanzas.md §5)', () => {
  it("keeps an exempt line's causa when abonando, and lets it be changed", async () => {
    const fake = createFakeApi();
    const base = aFactura();
    const factura = aFactura({
      lineas: [{ ...base.lineas[0]!, tratamiento: 'exenta', causa: 'E2', tipoIva: 21 }],
    });
    notaDeFactura(fake, factura);
    renderFinanzas(`/notas/nueva?facturaId=${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Abonar factura completa' }, LAZY));
    expect((screen.getByLabelText('IVA de la línea 1') as HTMLSelectElement).value).toBe('exenta');
    const causa = screen.getByLabelText('Causa de la línea 1') as HTMLSelectElement;
    expect(causa.value).toBe('E2');
    fireEvent.change(screen.getByLabelText('IVA de la línea 1'), {
      target: { value: 'no_sujeta' },
    });
    expect((screen.getByLabelText('Causa de la línea 1') as HTMLSelectElement).value).toBe('N1');
    fireEvent.change(screen.getByLabelText('Causa de la línea 1'), { target: { value: 'N2' } });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/notas')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/notas')[0]?.body).toMatchObject({
      lineas: [{ tratamiento: 'no_sujeta', causa: 'N2' }],
    });
  });
});

describe('/notas/nueva: a line from a catalogue "Concepto" (finanzas.md §5)', () => {
  it("fills the line with the concepto's name, unit, price and VAT, and sends its id", async () => {
    const fake = createFakeApi();
    notaDeFactura(fake, aFactura());
    const concepto = {
      _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000601',
      codigo: 'TRA-001',
      nombre: 'Transporte de ida',
      descripcion: null,
      tipo: 'transporte',
      aplicaA: 'todos',
      unidad: 'viaje',
      precio: '85.00',
      tipoIva: 21,
      motivoIva0: null,
      activo: true,
    };
    fake.on('GET', '/api/conceptos', () => ({
      body: aPage([
        concepto,
        { ...concepto, _id: 'pct', codigo: 'SEG-001', nombre: 'Seguro', unidad: 'porcentaje' },
      ]),
    }));
    renderFinanzas(`/notas/nueva?facturaId=${FACTURA_ID}`, { fake });
    await user.type(await screen.findByLabelText('Concepto de la línea 1', {}, LAZY), 'TRA');
    expect(screen.queryByRole('option', { name: /Seguro/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'TRA-001 · Transporte de ida' }));
    expect((screen.getByLabelText('Descripción de la línea 1') as HTMLInputElement).value).toBe(
      'Transporte de ida',
    );
    expect((screen.getByLabelText('Unidad de la línea 1') as HTMLInputElement).value).toBe('viaje');
    expect((screen.getByLabelText('Precio de la línea 1') as HTMLInputElement).value).toBe('85.00');
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '-1' } });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/notas')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/notas')[0]?.body).toMatchObject({
      lineas: [
        {
          conceptoId: concepto._id,
          descripcion: 'Transporte de ida',
          unidad: 'viaje',
          precioUnitario: '85.00',
          tipoIva: 21,
          naturaleza: 'transporte',
        },
      ],
    });
  });
});

describe('/notas/nueva: unsaved changes (finanzas.md §5)', () => {
  it('a changed motivo asks "Cambios sin guardar" before leaving', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/facturas', () => ({ body: aPage([aFactura()]) }));
    fake.on('GET', '/api/notas', () => ({ body: aPage([]) }));
    const { router } = renderFinanzas('/notas/nueva', { fake });
    fireEvent.change(await screen.findByLabelText('Motivo', {}, LAZY), {
      target: { value: 'Precio mal aplicado' },
    });
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cambios sin guardar')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notas/nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notas'));
  });
});

describe('/notas/nueva: checked in the browser (issue 20)', () => {
  it('without its invoice nothing is sent: "Factura rectificada" says what to choose and takes the focus', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/facturas', () => ({ body: aPage([aFactura()]) }));
    renderFinanzas('/notas/nueva', { fake });
    fireEvent.change(await screen.findByLabelText('Descripción de la línea 1', {}, LAZY), {
      target: { value: 'Abono' },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    const campo = screen.getByLabelText('Factura rectificada');
    await waitFor(() => expect(document.activeElement).toBe(campo));
    // Its menu stays closed, so the message under the field shows (issue 14).
    expect(campo.getAttribute('aria-expanded')).toBe('false');
    expect(campo.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Elige una factura emitida del mismo cliente y empresa').id).toBe(
      campo.getAttribute('aria-describedby'),
    );
    expect(fake.callsTo('POST', '/api/notas')).toHaveLength(0);
  });
});

describe('/notas/{notaId} and the invoice detail (finanzas.md §5)', () => {
  it('shows "Nota de abono R2026-00001" with its rectified invoice and "Devoluciones"', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/notas/${NOTA_ID}`, () => ({ body: { data: aNota() } }));
    renderFinanzas(`/notas/${NOTA_ID}`, { fake });
    expect(
      await screen.findByRole('heading', { name: 'Nota de abono R2026-00001' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'F2026-00001' }).getAttribute('href')).toBe(
      `/facturas/${FACTURA_ID}`,
    );
    expect(screen.getByRole('tab', { name: 'Devoluciones' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Cobros' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
  });

  it('a nota not found says so; a bad id is refused before asking', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/notas/${NOTA_ID}`, () => ({
      status: 404,
      body: { message: 'Nota de abono no encontrada' },
    }));
    renderFinanzas(`/notas/${NOTA_ID}`, { fake });
    expect(await screen.findByText('Nota de abono no encontrada', {}, LAZY)).toBeTruthy();
  });

  it('an issued invoice links "Nota de abono" to /notas/nueva?facturaId=; a nota opened as an invoice goes to /notas', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({ body: { data: aFactura() } }));
    fake.on('GET', `/api/facturas/${NOTA_ID}`, () => ({ body: { data: aNota() } }));
    const { router } = renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    expect(await screen.findByRole('heading', { name: 'Factura F2026-00001' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nota de abono' }).getAttribute('href')).toBe(
      `/notas/nueva?facturaId=${FACTURA_ID}`,
    );
    await router.navigate(`/facturas/${NOTA_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/notas/${NOTA_ID}`));
  });
});

describe('/notas/{notaId} "Eliminar devolución" (finanzas.md §3, notas.edit)', () => {
  const DEVOLUCION = '0b5f5d0e-1a2b-4c3d-8e9f-00000000d001';
  const devuelta = () =>
    aNota({
      cobros: [
        {
          _id: '0b5f5d0e-1a2b-4c3d-8e9f-00000000d000',
          fecha: '2026-03-02',
          importe: '-71.00',
          medio: 'compensacion',
          referencia: null,
          contrapartidaId: null,
          createdAt: '2026-03-02T09:00:00.000Z',
          createdBy: 'Ana Admin',
        },
        {
          _id: DEVOLUCION,
          fecha: '2026-03-05',
          importe: '-50.00',
          medio: 'transferencia',
          referencia: null,
          contrapartidaId: null,
          createdAt: '2026-03-05T09:00:00.000Z',
          createdBy: 'Ana Admin',
        },
      ] as never,
    });

  it('asks first, deletes the devolución through /api/notas and reads the nota again; a compensación offers none', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/notas/${NOTA_ID}`, () => ({ body: { data: devuelta() } }));
    fake.on('DELETE', `/api/notas/${NOTA_ID}/cobros/${DEVOLUCION}`, () => ({ status: 204 }));
    renderFinanzas(`/notas/${NOTA_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Devoluciones' }, LAZY));
    const tabla = await screen.findByRole('table', { name: 'Devoluciones' });
    expect(within(tabla).getAllByRole('button')).toHaveLength(1);
    // Why the compensación offers no button, in a nota's words (devoluciones, not cobros).
    expect(
      screen.getByText(
        'Las devoluciones por compensación no se eliminan: si la nota de abono es errónea, corrige con una nueva factura.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/cobros de compensación/)).toBeNull();
    await user.click(
      within(tabla).getByRole('button', { name: 'Eliminar devolución de 50,00 € del 05/03/2026' }),
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Eliminar devolución' });
    expect(
      within(dialogo).getByText(
        '¿Eliminar la devolución de 50,00 € del 05/03/2026? La nota de abono volverá a quedar pendiente de devolver por ese importe.',
      ),
    ).toBeTruthy();
    const lecturas = fake.callsTo('GET', `/api/notas/${NOTA_ID}`).length;
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar devolución' }));
    expect(await screen.findByText('Devolución eliminada')).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/notas/${NOTA_ID}/cobros/${DEVOLUCION}`)).toHaveLength(1);
    await waitFor(() =>
      expect(fake.callsTo('GET', `/api/notas/${NOTA_ID}`).length).toBeGreaterThan(lecturas),
    );
  });
});
