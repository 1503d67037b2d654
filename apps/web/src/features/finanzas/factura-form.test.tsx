import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, type FakeApi } from '../../testing/fake-api.js';
import { aFactura, aPage, CLIENTE_ID, FACTURA_ID } from './testing/fixtures.js';
import { renderFinanzas } from './testing/render-finanzas.js';

// The lazy screen, loaded before the first test (a busy machine must not time the import out).
import './components/factura-form-page.js';

// finanzas.md §5 "/facturas/nueva" and "/facturas/transporte/nueva": the transport form's
// "Albaranes", "Datos de la factura", "Origen", the totals' retención and recargo, the client's
// "Condiciones de facturación" and "Vista previa PDF".

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

const A1 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000601';
const A2 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000602';
const ALQUILER = '0b5f5d0e-1a2b-4c3d-8e9f-000000000603';
const CLIENTE = { _id: CLIENTE_ID, nombre: 'Hormigones Serra Coll S.L.', documento: 'B07111111' };

const condiciones = (overrides: Record<string, unknown> = {}) => ({
  clienteId: CLIENTE_ID,
  formaPago: 'transferencia',
  diasVencimiento: null,
  ibanCliente: null,
  referenciaMandato: null,
  emailFacturacion: null,
  retencionPct: '0',
  recargoEquivalencia: false,
  contratistaObra: false,
  tipoIdentificacion: 'NIF',
  paisCodigo: 'ES',
  version: 0,
  ...overrides,
});

const albaran = (origenId: string, numero: string, detalle: string, base: string) => ({
  origenTipo: 'albaran',
  origenId,
  numero,
  clienteId: CLIENTE_ID,
  detalle,
  desde: '2026-03-12',
  hasta: '2026-03-12',
  baseEstimada: base,
});

const lineaAlbaran = (id: string, numero: string, precio: string) => ({
  descripcion: `Albarán ${numero} (12/03/2026): Palma → Alcúdia, 8.000 kg`,
  cantidad: '1',
  unidad: 'viaje',
  precioUnitario: precio,
  descuentoPct: '0',
  naturaleza: 'transporte',
  tratamiento: 'general',
  causa: null,
  tipoIva: 21,
  origen: { tipo: 'albaran', id, numero, lineaId: id, desde: '2026-03-12', hasta: '2026-03-12' },
});

/** The client, its conditions and two pending albaranes (only the client's when asked so). */
const transporte = (fake: FakeApi, pendientes = true) => {
  fake.on('GET', '/api/clientes', () => ({ body: aPage([CLIENTE]) }));
  fake.on('GET', `/api/clientes/${CLIENTE_ID}`, () => ({ body: { data: CLIENTE } }));
  fake.on('GET', `/api/facturas/condiciones-cliente/${CLIENTE_ID}`, () => ({
    body: { data: condiciones() },
  }));
  fake.on('GET', '/api/facturas/albaranes-pendientes', () => ({
    body: {
      data: pendientes
        ? [
            albaran(A1, 'AT2026-00031', 'Palma → Alcúdia · 1234 BCD · 8.000 kg', '180.00'),
            albaran(A2, 'AT2026-00032', 'Inca → Manacor · 5678 FGH · 2.500 kg', '95.00'),
          ]
        : [],
    },
  }));
  fake.on('GET', '/api/facturas/lineas-albaranes', (r) => ({
    body: {
      data: (r.query.get('ids') ?? '')
        .split(',')
        .map((id) =>
          id === A1
            ? lineaAlbaran(A1, 'AT2026-00031', '180.00')
            : lineaAlbaran(A2, 'AT2026-00032', '95.00'),
        ),
    },
  }));
  fake.on('POST', '/api/facturas', () => ({
    status: 201,
    body: {
      data: aFactura({ empresa: 'transporte', estado: 'borrador', numero: null, version: 1 }),
    },
  }));
};

const valor = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/facturas/transporte/nueva (finanzas.md §5)', () => {
  it('"Albaranes": ?albaranes= brings its client and preselects it; "Añadir seleccionados" adds one line per albarán and saves them as origins', async () => {
    const fake = createFakeApi();
    transporte(fake);
    renderFinanzas(`/facturas/transporte/nueva?albaranes=${A2}`, {
      fake,
      roles: ['transportes'],
      system: 'transportes',
    });
    expect(
      await screen.findByRole('heading', { name: 'Nueva factura de transporte' }, LAZY),
    ).toBeTruthy();
    // No rental "Origen" in the transport form.
    expect(screen.queryByRole('heading', { name: 'Origen' })).toBeNull();
    const tabla = within(await screen.findByRole('region', { name: 'Albaranes pendientes' }));
    expect(valor('Cliente')).toBe('Hormigones Serra Coll S.L. (B07111111)');
    expect(
      fake.callsTo('GET', '/api/facturas/albaranes-pendientes').at(-1)?.query.get('clienteId'),
    ).toBe(CLIENTE_ID);
    for (const header of ['Albarán', 'Fecha', 'Origen → Destino', 'Matrícula', 'Base'])
      expect(tabla.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(tabla.getByText('Palma → Alcúdia')).toBeTruthy();
    expect(tabla.getByText('1234 BCD')).toBeTruthy();
    expect(tabla.getAllByText('12/03/2026')).toHaveLength(2);
    expect(tabla.getByText('95,00 €')).toBeTruthy();
    const a1 = tabla.getByRole('checkbox', { name: 'Elegir el albarán AT2026-00031' });
    const a2 = tabla.getByRole('checkbox', { name: 'Elegir el albarán AT2026-00032' });
    expect((a1 as HTMLInputElement).checked).toBe(false);
    expect((a2 as HTMLInputElement).checked).toBe(true);
    await user.click(a1);
    await user.click(screen.getByRole('button', { name: 'Añadir seleccionados' }));
    await waitFor(() =>
      expect(valor('Descripción de la línea 1')).toBe(
        'Albarán AT2026-00031 (12/03/2026): Palma → Alcúdia, 8.000 kg',
      ),
    );
    expect(fake.callsTo('GET', '/api/facturas/lineas-albaranes')[0]?.query.get('ids')).toBe(
      `${A1},${A2}`,
    );
    expect(valor('Precio de la línea 2')).toBe('95.00');
    expect(screen.queryByLabelText('Descripción de la línea 3')).toBeNull();
    // Added albaranes leave the table: nothing else is pending.
    expect(
      screen.getByText('No hay albaranes pendientes de facturar para este cliente.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1));
    const body = fake.callsTo('POST', '/api/facturas')[0]?.body as {
      empresa: string;
      clienteId: string;
      lineas: { unidad: string; naturaleza: string; origen: { tipo: string; id: string } }[];
    };
    expect(body.empresa).toBe('transporte');
    expect(body.clienteId).toBe(CLIENTE_ID);
    expect(body.lineas.map((l) => [l.origen.tipo, l.origen.id, l.unidad, l.naturaleza])).toEqual([
      ['albaran', A1, 'viaje', 'transporte'],
      ['albaran', A2, 'viaje', 'transporte'],
    ]);
  });

  it('says when the client has no albarán to invoice, and asks for a client first', async () => {
    const fake = createFakeApi();
    transporte(fake, false);
    renderFinanzas('/facturas/transporte/nueva', {
      fake,
      roles: ['transportes'],
      system: 'transportes',
    });
    expect(
      await screen.findByText(
        'Elige un cliente para ver sus albaranes pendientes de facturar.',
        {},
        LAZY,
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Cliente'), 'serra');
    await user.click(await screen.findByRole('option', { name: /Hormigones Serra Coll/ }));
    expect(
      await screen.findByText('No hay albaranes pendientes de facturar para este cliente.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(
        fake.callsTo('GET', '/api/facturas/albaranes-pendientes').at(-1)?.query.get('desde'),
      ).toBe('2026-03-01'),
    );
  });

  it('editing a draft: a removed albarán line is offered again at once and comes back as saved; nothing is released before saving', async () => {
    const fake = createFakeApi();
    transporte(fake);
    // The draft holds AT2026-00031 (reserved by it): the server offers only AT2026-00032.
    fake.on('GET', '/api/facturas/albaranes-pendientes', () => ({
      body: {
        data: [albaran(A2, 'AT2026-00032', 'Inca → Manacor · 5678 FGH · 2.500 kg', '95.00')],
      },
    }));
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({
      body: {
        data: aFactura({
          empresa: 'transporte',
          estado: 'borrador',
          numero: null,
          serie: null,
          clienteId: CLIENTE_ID,
          lineas: [
            { ...lineaAlbaran(A1, 'AT2026-00031', '180.00'), id: 'l1', orden: 0, base: '180.00' },
          ] as never,
        }),
      },
    }));
    fake.on('PUT', `/api/facturas/${FACTURA_ID}`, () => ({
      body: { data: aFactura({ empresa: 'transporte', estado: 'borrador', numero: null }) },
    }));
    const { router } = renderFinanzas(`/facturas/transporte/${FACTURA_ID}/editar`, {
      fake,
      roles: ['transportes'],
      system: 'transportes',
    });
    const region = await screen.findByRole('region', { name: 'Albaranes pendientes' }, LAZY);
    expect(within(region).queryByText('AT2026-00031')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Eliminar la línea 1' }));
    const tabla = within(screen.getByRole('region', { name: 'Albaranes pendientes' }));
    expect(tabla.getByText('Palma → Alcúdia')).toBeTruthy();
    expect(tabla.getByText('180,00 €')).toBeTruthy();
    await user.click(tabla.getByRole('checkbox', { name: 'Elegir el albarán AT2026-00031' }));
    await user.click(screen.getByRole('button', { name: 'Añadir seleccionados' }));
    await waitFor(() =>
      expect(valor('Descripción de la línea 1')).toBe(
        'Albarán AT2026-00031 (12/03/2026): Palma → Alcúdia, 8.000 kg',
      ),
    );
    expect(fake.callsTo('GET', '/api/facturas/lineas-albaranes')).toHaveLength(0);
    expect(fake.callsTo('PUT', `/api/facturas/${FACTURA_ID}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('PUT', `/api/facturas/${FACTURA_ID}`)).toHaveLength(1));
    const body = fake.callsTo('PUT', `/api/facturas/${FACTURA_ID}`)[0]?.body as {
      lineas: { id?: string; origen: { id: string } }[];
    };
    expect(body.lineas.map((l) => [l.id, l.origen.id])).toEqual([['l1', A1]]);
    // Issue 14: the answer takes the focus; then the detail opens (compras.test.tsx checks that
    // a detail repeats the answer).
    const estado = screen.getByRole('status', { name: '' });
    expect(estado.textContent).toBe('Borrador guardado');
    await waitFor(() => expect(document.activeElement).toBe(estado));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/facturas/${FACTURA_ID}`),
      LAZY,
    );
  });

  it('a transport draft opened at /facturas/{id}/editar goes to its own route', async () => {
    const fake = createFakeApi();
    transporte(fake);
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({
      body: {
        data: aFactura({ empresa: 'transporte', estado: 'borrador', numero: null, serie: null }),
      },
    }));
    const { router } = renderFinanzas(`/facturas/${FACTURA_ID}/editar`, {
      fake,
      system: 'transportes',
    });
    expect(
      await screen.findByRole('heading', { name: 'Editar borrador de transporte' }, LAZY),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/facturas/transporte/${FACTURA_ID}/editar`);
  });
});

/** The alquileres client and its conditions (Hotel Cala Major's plazo, a retención, recargo). */
const alquileres = (fake: FakeApi) => {
  fake.on('GET', '/api/clientes', () => ({ body: aPage([CLIENTE]) }));
  fake.on('GET', `/api/clientes/${CLIENTE_ID}`, () => ({ body: { data: CLIENTE } }));
  fake.on('GET', `/api/facturas/condiciones-cliente/${CLIENTE_ID}`, () => ({
    body: {
      data: condiciones({
        formaPago: 'domiciliacion',
        diasVencimiento: 15,
        retencionPct: '15',
        recargoEquivalencia: true,
        version: 3,
      }),
    },
  }));
  fake.on('GET', '/api/facturas/alquileres-pendientes', () => ({
    body: {
      data: [
        {
          origenTipo: 'alquiler',
          origenId: ALQUILER,
          numero: 'A2026-00012',
          clienteId: CLIENTE_ID,
          detalle: 'Rehabilitación fachada Sant Miquel',
          desde: '2026-03-01',
          hasta: '2026-03-31',
          baseEstimada: '516.00',
        },
      ],
    },
  }));
  fake.on('POST', '/api/facturas', () => ({
    status: 201,
    body: { data: aFactura({ estado: 'borrador', numero: null, version: 1 }) },
  }));
};

const elegirCliente = async () => {
  await user.type(screen.getByLabelText('Cliente'), 'serra');
  await user.click(await screen.findByRole('option', { name: /Hormigones Serra Coll/ }));
};

describe('/facturas/nueva (finanzas.md §5)', () => {
  it('"Datos de la factura" start from the client\'s conditions and go to the API; the totals apply the retención and the recargo', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva factura' }, LAZY)).toBeTruthy();
    await elegirCliente();
    await waitFor(() => expect(valor('Forma de pago')).toBe('domiciliacion'));
    expect(valor('Plazo de pago (días)')).toBe('15');
    expect(valor('Retención IRPF')).toBe('15');
    expect((screen.getByLabelText('Recargo de equivalencia') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Fecha de operación'), {
      target: { value: '2026-02-28' },
    });
    fireEvent.change(screen.getByLabelText('Descripción de la operación'), {
      target: { value: 'Venta de material de andamio' },
    });
    fireEvent.change(screen.getByLabelText('Referencia del cliente'), {
      target: { value: 'Obra Sant Miquel' },
    });
    fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Tablones' },
    });
    fireEvent.change(screen.getByLabelText('Precio de la línea 1'), { target: { value: '100' } });
    // A manual line is "otro": no recargo (only venta lines carry it, rule 1); retención 15 %.
    const totales = within(
      screen.getByRole('heading', { name: 'Totales' }).closest('.card') as HTMLElement,
    );
    expect(totales.getByText('Retención (15 %)')).toBeTruthy();
    expect(totales.getByText('121,00 €')).toBeTruthy();
    expect(totales.getByText('15,00 €')).toBeTruthy();
    expect(totales.getByText('106,00 €')).toBeTruthy();
    expect(totales.queryByText('Recargo de equivalencia', { selector: 'dt' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Retención IRPF'), { target: { value: '7' } });
    expect(totales.getByText('Retención (7 %)')).toBeTruthy();
    expect(totales.getByText('114,00 €')).toBeTruthy();
    await user.click(screen.getByLabelText('Recargo de equivalencia'));
    fireEvent.change(screen.getByLabelText('Forma de pago'), {
      target: { value: 'transferencia' },
    });
    fireEvent.change(screen.getByLabelText('Plazo de pago (días)'), { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/facturas')[0]?.body).toMatchObject({
      empresa: 'alquileres',
      clienteId: CLIENTE_ID,
      tipoFactura: 'F1',
      fechaOperacion: '2026-02-28',
      formaPago: 'transferencia',
      diasVencimiento: 30,
      referenciaCliente: 'Obra Sant Miquel',
      descripcionOperacion: 'Venta de material de andamio',
      retencionPct: '7',
      recargoEquivalencia: false,
    });
  });

  it("a refused save puts each error on its field: the client, the line's description and price; the rest, with its line, in the alert", async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('POST', '/api/facturas', () => ({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: [
          'clienteId: Elige un cliente',
          'lineas[0].descripcion: La descripción es obligatoria',
          'lineas[0].precioUnitario: El precio no puede ser negativo',
          'lineas[0].naturaleza: Naturaleza no válida',
        ],
      },
    }));
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva factura' }, LAZY)).toBeTruthy();
    // A form the browser takes (the server stays the authority and may refuse it still).
    await elegirCliente();
    fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Tablones' },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    const alerta = await screen.findByRole('alert');
    expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1);
    expect(alerta.textContent).toContain('Datos inválidos. Revisa los campos marcados.');
    expect(within(alerta).getByText('Línea 1: Naturaleza no válida')).toBeTruthy();
    // Nothing a user cannot read: no field paths in the alert.
    expect(alerta.textContent).not.toMatch(/lineas\[|clienteId/);
    const cliente = screen.getByLabelText('Cliente');
    expect(cliente.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Elige un cliente').id).toBe(cliente.getAttribute('aria-describedby'));
    const descripcion = screen.getByLabelText('Descripción de la línea 1');
    expect(descripcion.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('La descripción es obligatoria').id).toBe(
      descripcion.getAttribute('aria-describedby'),
    );
    const precio = screen.getByLabelText('Precio de la línea 1');
    expect(precio.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El precio no puede ser negativo').id).toBe(
      precio.getAttribute('aria-describedby'),
    );
    expect(screen.getByLabelText('Cantidad de la línea 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the form in the browser first: the empty or wrong fields say why, keep what was typed and take the focus; nothing is sent until corrected', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva factura' }, LAZY)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: 'dos' } });
    fireEvent.change(screen.getByLabelText('Descuento de la línea 1'), {
      target: { value: '150' },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe('Datos inválidos. Revisa los campos marcados.');
    const cliente = screen.getByLabelText('Cliente');
    await waitFor(() => expect(document.activeElement).toBe(cliente));
    // Its menu stays closed: open, it covered "Elige un cliente" under the field (issue 14).
    expect(cliente.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    const marcado = (label: string, mensaje: string) => {
      const campo = screen.getByLabelText(label);
      expect(campo.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(mensaje).id).toBe(campo.getAttribute('aria-describedby'));
    };
    marcado('Cliente', 'Elige un cliente');
    marcado('Descripción de la línea 1', 'La descripción es obligatoria');
    marcado('Cantidad de la línea 1', 'La cantidad debe ser un número con hasta 4 decimales');
    marcado('Descuento de la línea 1', 'El descuento no puede superar 100');
    expect((screen.getByLabelText('Cantidad de la línea 1') as HTMLInputElement).value).toBe('dos');
    expect(screen.getByLabelText('Precio de la línea 1').getAttribute('aria-invalid')).toBeNull();
    // "Guardar y emitir" does not even ask.
    await user.click(screen.getByRole('button', { name: 'Guardar y emitir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A corrected field loses its message at once.
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '2,5' } });
    expect(screen.queryByText(/La cantidad debe ser/)).toBeNull();
    expect(screen.getByLabelText('Cantidad de la línea 1').getAttribute('aria-invalid')).toBeNull();
    expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(0);
    await elegirCliente();
    fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Tablones' },
    });
    fireEvent.change(screen.getByLabelText('Descuento de la línea 1'), { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/facturas')[0]?.body).toMatchObject({
      clienteId: CLIENTE_ID,
      lineas: [{ descripcion: 'Tablones', cantidad: '2.5', descuentoPct: '10' }],
    });
  });

  it('the recargo de equivalencia shows on venta lines (a concepto of that nature) when switched on', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({
      body: {
        data: aFactura({
          estado: 'borrador',
          numero: null,
          recargoEquivalencia: false,
          lineas: [{ ...aFactura().lineas[0]!, naturaleza: 'venta', precioUnitario: '100.0000' }],
        }),
      },
    }));
    renderFinanzas(`/facturas/${FACTURA_ID}/editar`, { fake });
    expect(await screen.findByRole('heading', { name: 'Editar borrador' }, LAZY)).toBeTruthy();
    const totales = within(
      screen.getByRole('heading', { name: 'Totales' }).closest('.card') as HTMLElement,
    );
    // Total factura and Total a pagar (no retención).
    expect(totales.getAllByText('121,00 €')).toHaveLength(2);
    await user.click(screen.getByLabelText('Recargo de equivalencia'));
    expect(totales.getByText('Recargo de equivalencia', { selector: 'dt' })).toBeTruthy();
    expect(totales.getByText('5,20 €')).toBeTruthy();
    expect(totales.getAllByText('126,20 €')).toHaveLength(2);
  });

  it('"Origen": ?alquilerId=&hasta= choose the rental; "Cargar líneas" adds its period\'s lines, its client and the operation date', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('GET', '/api/facturas/lineas-alquileres', () => ({
      body: {
        data: [
          {
            descripcion: 'Plataforma elevadora 12 m (01/03/2026–31/03/2026)',
            cantidad: '31',
            unidad: 'día',
            precioUnitario: '16.0000',
            descuentoPct: '0',
            naturaleza: 'alquiler',
            tratamiento: 'general',
            causa: null,
            tipoIva: 21,
            origen: {
              tipo: 'alquiler',
              id: ALQUILER,
              numero: 'A2026-00012',
              lineaId: 'l1',
              desde: '2026-03-01',
              hasta: '2026-03-31',
            },
          },
        ],
      },
    }));
    renderFinanzas(`/facturas/nueva?alquilerId=${ALQUILER}&hasta=2026-03-31`, { fake });
    expect(await screen.findByRole('heading', { name: 'Origen' }, LAZY)).toBeTruthy();
    expect(valor('Facturar hasta')).toBe('2026-03-31');
    await waitFor(() =>
      expect(valor('Alquiler')).toBe(
        'A2026-00012 · Rehabilitación fachada Sant Miquel · 01/03/2026–31/03/2026',
      ),
    );
    expect(fake.callsTo('GET', '/api/facturas/alquileres-pendientes')[0]?.query.get('hasta')).toBe(
      '2026-03-31',
    );
    await user.click(screen.getByRole('button', { name: 'Cargar líneas' }));
    await waitFor(() =>
      expect(valor('Descripción de la línea 1')).toBe(
        'Plataforma elevadora 12 m (01/03/2026–31/03/2026)',
      ),
    );
    const llamada = fake.callsTo('GET', '/api/facturas/lineas-alquileres')[0]?.query;
    expect([llamada?.get('ids'), llamada?.get('hasta')]).toEqual([ALQUILER, '2026-03-31']);
    expect(screen.getByText('A2026-00012 · 01/03/2026–31/03/2026')).toBeTruthy();
    await waitFor(() => expect(valor('Cliente')).toBe('Hormigones Serra Coll S.L. (B07111111)'));
    expect(valor('Fecha de operación')).toBe('2026-03-31');
    expect(valor('Referencia del cliente')).toBe('Rehabilitación fachada Sant Miquel');
    expect(screen.getAllByText('600,16 €').length).toBeGreaterThan(0);
  });

  it('"Origen" reads the pending rentals only when reached, up to the last day of the previous month by default', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('GET', '/api/facturas/alquileres-pendientes', () => ({ body: { data: [] } }));
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Origen' }, LAZY)).toBeTruthy();
    expect(fake.callsTo('GET', '/api/facturas/alquileres-pendientes')).toHaveLength(0);
    fireEvent.focus(screen.getByLabelText('Alquiler'));
    const hasta = valor('Facturar hasta');
    expect(hasta).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${hasta}T12:00:00Z`).getUTCDate() > 27).toBe(true);
    const [a, m, d] = hasta.split('-');
    expect(
      await screen.findByText(`No hay alquileres pendientes de facturar hasta el ${d}/${m}/${a}.`),
    ).toBeTruthy();
    expect(fake.callsTo('GET', '/api/facturas/alquileres-pendientes')[0]?.query.get('hasta')).toBe(
      hasta,
    );
    expect(
      (screen.getByRole('button', { name: 'Cargar líneas' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('"Condiciones de facturación" opens the client\'s conditions; "Guardar condiciones" saves them and the invoice takes them', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('PUT', `/api/facturas/condiciones-cliente/${CLIENTE_ID}`, (r) => ({
      body: {
        data: {
          ...condiciones(r.body as Record<string, unknown>),
          clienteId: CLIENTE_ID,
          version: 4,
        },
      },
    }));
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva factura' }, LAZY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Condiciones de facturación' })).toBeNull();
    await elegirCliente();
    await user.click(await screen.findByRole('button', { name: 'Condiciones de facturación' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Condiciones de facturación' }));
    await waitFor(() =>
      expect((modal.getByLabelText('Plazo de pago (días)') as HTMLInputElement).value).toBe('15'),
    );
    expect((modal.getByLabelText('Forma de pago') as HTMLSelectElement).value).toBe(
      'domiciliacion',
    );
    for (const label of [
      'IBAN del cliente',
      'Referencia del mandato',
      'Correo electrónico de facturación',
      'Tipo de identificación',
      'País (código ISO)',
      'Contratista o subcontratista de obra (inversión del sujeto pasivo)',
    ])
      expect(modal.getByLabelText(label)).toBeTruthy();
    fireEvent.change(modal.getByLabelText('Forma de pago'), { target: { value: 'transferencia' } });
    fireEvent.change(modal.getByLabelText('Plazo de pago (días)'), { target: { value: '45' } });
    fireEvent.change(modal.getByLabelText('Retención IRPF'), { target: { value: '1' } });
    await user.click(modal.getByRole('button', { name: 'Guardar condiciones' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Condiciones de facturación' })).toBeNull(),
    );
    expect(
      fake.callsTo('PUT', `/api/facturas/condiciones-cliente/${CLIENTE_ID}`)[0]?.body,
    ).toMatchObject({
      formaPago: 'transferencia',
      diasVencimiento: 45,
      retencionPct: '1',
      recargoEquivalencia: true,
      version: 3,
    });
    expect(valor('Plazo de pago (días)')).toBe('45');
    expect(valor('Forma de pago')).toBe('transferencia');
    expect(valor('Retención IRPF')).toBe('1');
  });

  it('"Vista previa PDF" saves the draft and opens its PDF; the next save updates that draft', async () => {
    const fake = createFakeApi();
    alquileres(fake);
    fake.on('PUT', `/api/facturas/${FACTURA_ID}`, () => ({
      body: { data: aFactura({ estado: 'borrador', numero: null, version: 2 }) },
    }));
    const pestana = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(pestana as unknown as Window);
    const pdf = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(pdf);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:previa');
    renderFinanzas('/facturas/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva factura' }, LAZY)).toBeTruthy();
    await elegirCliente();
    fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Montaje' },
    });
    await user.click(screen.getByRole('button', { name: 'Vista previa PDF' }));
    await waitFor(() => expect(pestana.location.href).toBe('blob:previa'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1);
    expect(String(pdf.mock.calls[0]?.[0])).toMatch(new RegExp(`^/api/facturas/${FACTURA_ID}/pdf`));
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('PUT', `/api/facturas/${FACTURA_ID}`)).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/facturas')).toHaveLength(1);
    expect(fake.callsTo('PUT', `/api/facturas/${FACTURA_ID}`)[0]?.body).toMatchObject({
      version: 1,
    });
  });
});
