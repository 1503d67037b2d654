import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { aCompra, aPage, COMPRA_ID, PROVEEDOR_ID } from './testing/fixtures.js';
import { renderFinanzas } from './testing/render-finanzas.js';

// The lazy screens, loaded before the first test (a busy machine must not time the import out).
import './components/compra-list-page.js';
import './components/compra-detail-page.js';
import './components/compra-form-page.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

describe('/compras and /transporte/compras (finanzas.md §5)', () => {
  it('lists the compras with registro, proveedor, deducible VAT, retención and the PDF column', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/compras', () => ({
      body: aPage([
        aCompra(),
        aCompra({
          _id: 'b',
          numeroRegistro: 'C2026-00002',
          archivo: { archivoId: 'a', nombre: 'factura.pdf', tamano: 2048, mime: 'application/pdf' },
        }),
      ]),
    }));
    renderFinanzas('/compras', { fake });
    expect(await screen.findByRole('heading', { name: 'Compras - Alquileres' }, LAZY)).toBeTruthy();
    const table = await screen.findByRole('table');
    for (const header of ['Nº registro', 'Proveedor', 'IVA deducible', 'Retención', 'PDF'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'C2026-00001' }).getAttribute('href')).toBe(
      `/compras/${COMPRA_ID}`,
    );
    expect(within(table).getAllByText('318,00 €')).toHaveLength(2);
    expect(within(table).getByText('Sin PDF')).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'PDF: factura.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nueva compra' }).getAttribute('href')).toBe(
      '/compras/nueva',
    );
    await user.click(screen.getByLabelText('Sin PDF'));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/compras').at(-1)?.query.get('sinArchivo')).toBe('true'),
    );
  });

  it('filters by Desde / Hasta (recepción) and a Proveedor typeahead, kept in the URL', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/compras', () => ({ body: aPage([aCompra()]) }));
    fake.on('GET', '/api/proveedores', () => ({
      body: aPage([{ _id: PROVEEDOR_ID, nombre: 'Joana Rosselló Font', documento: '43123456A' }]),
    }));
    const { router } = renderFinanzas('/compras?estado=pendiente&desde=2026-02-01', { fake });
    expect(await screen.findByRole('heading', { name: 'Compras - Alquileres' }, LAZY)).toBeTruthy();
    expect(fake.callsTo('GET', '/api/compras')[0]?.query.get('desde')).toBe('2026-02-01');
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-02-28' } });
    await user.type(screen.getByLabelText('Proveedor'), 'rossello');
    await user.click(
      await screen.findByRole('option', { name: 'Joana Rosselló Font (43123456A)' }),
    );
    await waitFor(() => {
      const q = fake.callsTo('GET', '/api/compras').at(-1)?.query;
      expect(q?.get('proveedorId')).toBe(PROVEEDOR_ID);
      expect(q?.get('hasta')).toBe('2026-02-28');
      expect(q?.get('desde')).toBe('2026-02-01');
      expect(q?.get('estado')).toBe('pendiente');
    });
    expect(router.state.location.search).toBe(
      `?estado=pendiente&desde=2026-02-01&hasta=2026-02-28&proveedor=${PROVEEDOR_ID}`,
    );
    // Nothing matches: "Limpiar filtros" empties every filter, the typeahead's text too.
    fake.on('GET', '/api/compras', () => ({ body: aPage([]) }));
    await user.click(screen.getByRole('button', { name: /Actualizar/ }));
    await user.click(await screen.findByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Proveedor') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('');
  });

  it('the transport list asks for empresa=transporte and says what to do when empty', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/compras', () => ({ body: aPage([]) }));
    renderFinanzas('/transporte/compras', { fake, system: 'transportes' });
    expect(
      await screen.findByRole('heading', { name: 'Compras - Transportes' }, LAZY),
    ).toBeTruthy();
    const vacio = (
      await screen.findByText(
        'Aún no hay compras - Registra la primera factura recibida de un proveedor.',
      )
    ).closest('.card') as HTMLElement;
    expect(fake.callsTo('GET', '/api/compras')[0]?.query.get('empresa')).toBe('transporte');
    expect(within(vacio).getByRole('link', { name: 'Nueva compra' }).getAttribute('href')).toBe(
      '/transporte/compras/nueva',
    );
  });
});

describe('/compras/{id} without a compra (issue 14)', () => {
  it('an invalid id and a missing compra keep the h1 "Compra", say why and lead back', async () => {
    const first = renderFinanzas('/compras/no-es-un-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compra' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Identificador de compra inválido.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe(
      '/compras',
    );
    first.unmount();
    const fake = createFakeApi();
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      status: 404,
      body: { message: 'Compra no encontrada' },
    }));
    renderFinanzas(`/compras/${COMPRA_ID}/editar`, { fake });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compra' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Compra no encontrada')).toBeTruthy();
  });
});

const PROVEEDOR = { _id: PROVEEDOR_ID, nombre: 'Joana Rosselló Font', documento: '43123456A' };
/** A compra the browser takes: its supplier, number, and one line's description and base. */
const rellenarCompra = async () => {
  await user.type(screen.getByLabelText('Proveedor'), 'rosse');
  await user.click(await screen.findByRole('option', { name: 'Joana Rosselló Font (43123456A)' }));
  fireEvent.change(screen.getByLabelText('Nº de factura del proveedor'), {
    target: { value: 'JR-2026-014' },
  });
  fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
    target: { value: 'Reparación' },
  });
  fireEvent.change(screen.getByLabelText('Base de la línea 1'), { target: { value: '300' } });
};

describe('/compras/nueva (finanzas.md §5, rule 15)', () => {
  it('checks the compra in the browser first: each wrong field says why and the first takes the focus; nothing is sent until corrected', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([PROVEEDOR]) }));
    fake.on('POST', '/api/compras', () => ({ status: 201, body: { data: aCompra() } }));
    renderFinanzas('/compras/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva compra' }, LAZY)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cuenta de gasto de la línea 1'), {
      target: { value: '62a' },
    });
    fireEvent.change(screen.getByLabelText('Porcentaje deducible de la línea 1'), {
      target: { value: 'todo' },
    });
    fireEvent.change(screen.getByLabelText('Fecha de expedición'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Registrar compra' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe('Datos inválidos. Revisa los campos marcados.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Proveedor')));
    // Its menu stays closed, so "Elige un proveedor" under it shows (issue 14).
    expect(screen.getByLabelText('Proveedor').getAttribute('aria-expanded')).toBe('false');
    const marcado = (label: string, mensaje: string) => {
      const campo = screen.getByLabelText(label);
      expect(campo.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(mensaje).id).toBe(campo.getAttribute('aria-describedby'));
    };
    marcado('Proveedor', 'Elige un proveedor');
    marcado('Nº de factura del proveedor', 'Indica el número de factura');
    marcado('Descripción de la línea 1', 'La descripción es obligatoria');
    marcado('Cuenta de gasto de la línea 1', 'La cuenta de gasto tiene de 3 a 12 dígitos');
    marcado('Base de la línea 1', 'La base debe ser un número con hasta 2 decimales');
    marcado(
      'Porcentaje deducible de la línea 1',
      'El porcentaje deducible debe ser un número con hasta 4 decimales',
    );
    expect(screen.getByLabelText('Fecha de expedición').getAttribute('aria-invalid')).toBe('true');
    expect(
      (screen.getByLabelText('Porcentaje deducible de la línea 1') as HTMLInputElement).value,
    ).toBe('todo');
    expect(fake.callsTo('POST', '/api/compras')).toHaveLength(0);
    await rellenarCompra();
    fireEvent.change(screen.getByLabelText('Cuenta de gasto de la línea 1'), {
      target: { value: '622' },
    });
    fireEvent.change(screen.getByLabelText('Porcentaje deducible de la línea 1'), {
      target: { value: '50' },
    });
    fireEvent.change(screen.getByLabelText('Fecha de expedición'), {
      target: { value: '2026-03-02' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Registrar compra' }));
    expect(await screen.findByText('Compra registrada. Redirigiendo…')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/compras')[0]?.body).toMatchObject({
      fechaExpedicion: '2026-03-02',
      lineas: [{ cuentaGasto: '622', base: '300', deduciblePct: '50' }],
    });
  });

  it('computes the totals as the server does and posts the compra', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({
      body: aPage([{ _id: PROVEEDOR_ID, nombre: 'Joana Rosselló Font', documento: '43123456A' }]),
    }));
    fake.on('POST', '/api/compras', () => ({ status: 201, body: { data: aCompra() } }));
    renderFinanzas('/compras/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva compra' }, LAZY)).toBeTruthy();
    await user.type(screen.getByLabelText('Proveedor'), 'rosse');
    await user.click(
      await screen.findByRole('option', { name: 'Joana Rosselló Font (43123456A)' }),
    );
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/proveedores').at(-1)?.query.get('searchTerm')).toBe('rosse'),
    );
    fireEvent.change(screen.getByLabelText('Nº de factura del proveedor'), {
      target: { value: 'JR-2026-014' },
    });
    fireEvent.change(screen.getByLabelText('Descripción de la línea 1'), {
      target: { value: 'Reparación' },
    });
    fireEvent.change(screen.getByLabelText('Base de la línea 1'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Retención IRPF'), { target: { value: '15' } });
    // Scenario 17: total 363,00, IVA deducible 63,00, a pagar 318,00.
    expect(screen.getByText('363,00 €')).toBeTruthy();
    expect(screen.getByText('318,00 €')).toBeTruthy();
    expect(
      screen.getByText('Arrastra aquí el PDF de la factura o haz clic para seleccionarlo'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar compra' }));
    expect(await screen.findByText('Compra registrada. Redirigiendo…')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/compras')[0]?.body).toMatchObject({
      empresa: 'alquileres',
      proveedorId: PROVEEDOR_ID,
      numeroFacturaProveedor: 'JR-2026-014',
      retencionPct: '15',
      archivoId: null,
      fechaOperacion: null,
      lineas: [
        {
          descripcion: 'Reparación',
          base: '300',
          tipoIva: 21,
          tratamiento: 'general',
          bienInversion: false,
        },
      ],
    });
  });

  it('asks before leaving with unsaved changes ("Cambios sin guardar"), not before', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([]) }));
    fake.on('GET', '/api/compras', () => ({ body: aPage([]) }));
    const { router } = renderFinanzas('/compras/nueva', { fake });
    const numero = await screen.findByLabelText('Nº de factura del proveedor', {}, LAZY);
    fireEvent.change(numero, { target: { value: 'JR-2026-014' } });
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cambios sin guardar')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/compras/nueva');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir sin guardar' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/compras'));

    await router.navigate('/compras/nueva');
    await user.click(await screen.findByRole('link', { name: 'Cancelar' }, LAZY));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compras'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('editing keeps the fecha de operación, the tratamiento and the bien de inversión of each line', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([]) }));
    const base = aCompra();
    const compra = aCompra({
      fechaOperacion: '2026-02-27',
      lineas: base.lineas.map((l) => ({ ...l, tratamiento: 'isp', bienInversion: true })),
    });
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({ body: { data: compra } }));
    fake.on('PUT', `/api/compras/${COMPRA_ID}`, () => ({ body: { data: compra } }));
    renderFinanzas(`/compras/${COMPRA_ID}/editar`, { fake });
    const operacion = (await screen.findByLabelText(
      'Fecha de operación',
      {},
      LAZY,
    )) as HTMLInputElement;
    expect(operacion.value).toBe('2026-02-27');
    expect((screen.getByLabelText('Tratamiento de la línea 1') as HTMLSelectElement).value).toBe(
      'isp',
    );
    const bien = screen.getByLabelText('Bien de inversión en la línea 1') as HTMLInputElement;
    expect(bien.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Tratamiento de la línea 1'), {
      target: { value: 'exenta' },
    });
    expect((screen.getByLabelText('IVA de la línea 1') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Tratamiento de la línea 1'), {
      target: { value: 'isp' },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const estado = await screen.findByText('Compra actualizada. Redirigiendo…');
    // Issue 14: the answer takes the focus (the disabled buttons would drop it to the body).
    await waitFor(() => expect(document.activeElement).toBe(estado.closest('[role="status"]')));
    expect(fake.callsTo('PUT', `/api/compras/${COMPRA_ID}`)[0]?.body).toMatchObject({
      fechaOperacion: '2026-02-27',
      version: 1,
      lineas: [{ tratamiento: 'isp', tipoIva: 21, bienInversion: true }],
    });
    // …and the detail it opens says it again.
    expect(await screen.findByText('Compra actualizada', { exact: true }, LAZY)).toBeTruthy();
  });

  it("the chosen supplier's purchase account fills the empty cuentas de gasto (§2 default)", async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({
      body: aPage([
        {
          _id: PROVEEDOR_ID,
          nombre: 'Joana Rosselló Font',
          documento: null,
          cuentaContableCompra: '6220001',
        },
      ]),
    }));
    renderFinanzas('/compras/nueva', { fake });
    await user.type(await screen.findByLabelText('Proveedor', {}, LAZY), 'joana');
    await user.click(await screen.findByRole('option', { name: 'Joana Rosselló Font' }));
    expect(
      screen.getByText('El proveedor no tiene NIF: el IVA no será deducible hasta completarlo.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Cuenta de gasto de la línea 1') as HTMLInputElement).value).toBe(
      '6220001',
    );
    await user.click(screen.getByRole('button', { name: 'Añadir línea' }));
    expect((screen.getByLabelText('Cuenta de gasto de la línea 2') as HTMLInputElement).value).toBe(
      '6220001',
    );
  });

  it("shows the server's 409 with what to do", async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([PROVEEDOR]) }));
    fake.on('POST', '/api/compras', () => ({
      status: 409,
      body: {
        message: 'Ya existe una compra de este proveedor con el número JR-2026-014 (C2026-00001).',
      },
    }));
    renderFinanzas('/compras/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva compra' }, LAZY)).toBeTruthy();
    await rellenarCompra();
    await user.click(screen.getByRole('button', { name: 'Registrar compra' }));
    expect(
      await screen.findByText(
        'Ya existe una compra de este proveedor con el número JR-2026-014 (C2026-00001).',
      ),
    ).toBeTruthy();
  });
  it("a refused compra marks the supplier and the line's base, with their messages", async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([PROVEEDOR]) }));
    fake.on('POST', '/api/compras', () => ({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: ['proveedorId: Elige un proveedor', 'lineas[0].base: La base es obligatoria'],
      },
    }));
    renderFinanzas('/compras/nueva', { fake });
    expect(await screen.findByRole('heading', { name: 'Nueva compra' }, LAZY)).toBeTruthy();
    await rellenarCompra();
    await user.click(screen.getByRole('button', { name: 'Registrar compra' }));
    const alerta = await screen.findByRole('alert');
    expect(fake.callsTo('POST', '/api/compras')).toHaveLength(1);
    expect(alerta.textContent).toBe('Datos inválidos. Revisa los campos marcados.');
    const proveedor = screen.getByLabelText('Proveedor');
    expect(proveedor.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Elige un proveedor').id).toBe(
      proveedor.getAttribute('aria-describedby'),
    );
    const base = screen.getByLabelText('Base de la línea 1');
    expect(base.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('La base es obligatoria').id).toBe(
      base.getAttribute('aria-describedby'),
    );
  });
});

describe('/compras/{id} (finanzas.md §5)', () => {
  it('"Registrar pago" offers the pendiente and posts it with the version; the 409 stays in the modal', async () => {
    const fake = createFakeApi();
    let pagada = false;
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      body: {
        data: pagada
          ? aCompra({
              estado: 'pagada',
              pagado: '318.00',
              pendiente: '0.00',
              pagos: [
                {
                  _id: 'p1',
                  fecha: '2026-03-05',
                  importe: '318.00',
                  medio: 'transferencia',
                  referencia: null,
                  createdAt: '2026-03-05T10:00:00Z',
                  createdBy: 'Ana',
                },
              ],
            })
          : aCompra(),
      },
    }));
    fake.on('POST', `/api/compras/${COMPRA_ID}/pagos`, ({ body }) => {
      if ((body as { importe: string }).importe !== '318.00')
        return {
          status: 409,
          body: { message: 'El pago supera el importe pendiente (318,00 €).' },
        };
      pagada = true;
      return { status: 201, body: { data: aCompra() } };
    });
    renderFinanzas(`/compras/${COMPRA_ID}`, { fake });
    expect(await screen.findByRole('heading', { name: 'Compra C2026-00001' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Joana Rosselló Font · 43123456A')).toBeTruthy();
    expect(screen.getByText('F1 · Factura completa')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tratamiento' })).toBeTruthy();
    expect(screen.getByText('General')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    const dialog = await screen.findByRole('dialog');
    const importe = within(dialog).getByLabelText('Importe') as HTMLInputElement;
    expect(importe.value).toBe('318.00');
    fireEvent.change(importe, { target: { value: '400' } });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(
      await within(dialog).findByText('El pago supera el importe pendiente (318,00 €).'),
    ).toBeTruthy();
    fireEvent.change(importe, { target: { value: '318.00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('Pago registrado')).toBeTruthy();
    expect(fake.callsTo('POST', `/api/compras/${COMPRA_ID}/pagos`).at(-1)?.body).toMatchObject({
      importe: '318.00',
      medio: 'transferencia',
      version: 1,
    });
    expect(await screen.findByText('Pagada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).toBeNull();
  });

  it('a paid compra is still editable, and "Eliminar pago" confirms, deletes the pago and leaves it pendiente', async () => {
    const fake = createFakeApi();
    const pago = {
      _id: 'p1',
      fecha: '2026-03-05',
      importe: '318.00',
      medio: 'transferencia' as const,
      referencia: null,
      createdAt: '2026-03-05T10:00:00Z',
      createdBy: 'Ana',
    };
    let pagos = [pago];
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      body: {
        data:
          pagos.length > 0
            ? aCompra({ estado: 'pagada', pagado: '318.00', pendiente: '0.00', pagos })
            : aCompra(),
      },
    }));
    fake.on('DELETE', `/api/compras/${COMPRA_ID}/pagos/p1`, () => {
      pagos = [];
      return { status: 204 };
    });
    renderFinanzas(`/compras/${COMPRA_ID}`, { fake });
    expect(await screen.findByText('Pagada', {}, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/compras/${COMPRA_ID}/editar`,
    );
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Pagos' }));
    await user.click(
      screen.getByRole('button', { name: 'Eliminar el pago de 318,00 € del 05/03/2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar pago' });
    expect(
      within(dialog).getByText(
        '¿Eliminar el pago de 318,00 € del 05/03/2026? La compra volverá a quedar pendiente por ese importe.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/compras/${COMPRA_ID}/pagos/p1`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar pago' }));
    expect(await screen.findByText('Pago eliminado')).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/compras/${COMPRA_ID}/pagos/p1`)).toHaveLength(1);
    expect(await screen.findByText('Sin pagos registrados.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeTruthy();
  });

  it('editing a paid compra says its total cannot go below what is paid; an anulada one is not edited', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/proveedores', () => ({ body: aPage([]) }));
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      body: { data: aCompra({ estado: 'pagada', pagado: '318.00', pendiente: '0.00' }) },
    }));
    const { router } = renderFinanzas(`/compras/${COMPRA_ID}/editar`, { fake });
    expect(
      await screen.findByText('El total no puede ser menor que lo ya pagado (318,00 €).', {}, LAZY),
    ).toBeTruthy();
    expect((screen.getByLabelText('Proveedor') as HTMLInputElement).value).toBe(
      'Joana Rosselló Font (43123456A)',
    );
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      body: { data: aCompra({ estado: 'anulada' }) },
    }));
    fake.on('GET', '/api/compras', () => ({ body: aPage([]) }));
    await router.navigate('/compras');
    expect(await screen.findByRole('heading', { name: 'Compras - Alquileres' }, LAZY)).toBeTruthy();
    await router.navigate(`/compras/${COMPRA_ID}/editar`);
    expect(await screen.findByText('La compra está anulada.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });

  it('"Anular" asks for the motivo and posts it', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({ body: { data: aCompra() } }));
    fake.on('POST', `/api/compras/${COMPRA_ID}/anular`, () => ({
      body: { data: aCompra({ estado: 'anulada' }) },
    }));
    renderFinanzas(`/compras/${COMPRA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Anular' }, LAZY));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Duplicada' } });
    await user.click(within(dialog).getByRole('button', { name: 'Anular compra' }));
    expect(await screen.findByText('Compra anulada')).toBeTruthy();
    expect(fake.callsTo('POST', `/api/compras/${COMPRA_ID}/anular`)[0]?.body).toEqual({
      motivo: 'Duplicada',
      version: 1,
    });
  });

  it('a compra not found says so; an invalid id too', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/compras/${COMPRA_ID}`, () => ({
      status: 404,
      body: { message: 'Compra no encontrada' },
    }));
    const { router } = renderFinanzas(`/compras/${COMPRA_ID}`, { fake });
    expect(await screen.findByText('Compra no encontrada', {}, LAZY)).toBeTruthy();
    await router.navigate('/compras/x');
    expect(await screen.findByText('Identificador de compra inválido.')).toBeTruthy();
  });
});
