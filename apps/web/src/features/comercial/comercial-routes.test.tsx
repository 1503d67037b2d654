import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import {
  ALQUILER_ID,
  aPage,
  aPresupuesto,
  aPresupuestoResumen,
  anAlquiler,
  anAlquilerResumen,
  PRESUPUESTO_ID,
} from './testing/fixtures.js';
import { renderComercial } from './testing/render-comercial.js';
import { stubListWidth } from '../../testing/list-width.js';

// The lazy screens, loaded before the first test (a busy machine must not time the import out).
import './components/presupuesto-list-page.js';
import './components/presupuesto-detail-page.js';
import './components/form-pages.js';
import './components/alquiler-list-page.js';
import './components/alquiler-detail-page.js';
import './components/archivos-page.js';
import './components/plantillas-page.js';

const user = userEvent.setup({ delay: null });
const PLANTILLA = '0b5f5d0e-1a2b-4c3d-8e9f-000000000777';
const LAZY = { timeout: 5_000 };

describe('/presupuestos (comercial.md §5)', () => {
  it('lists the quotes with number ("Borrador" when none), client, total and state', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/presupuestos', () => ({
      body: aPage([
        aPresupuestoResumen(),
        aPresupuestoResumen({ _id: 'x', numero: null, estado: 'borrador' }),
      ]),
    }));
    renderComercial('/presupuestos?view=list', { fake });
    expect(await screen.findByRole('heading', { name: 'Presupuestos' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('P2026-00017')).toBeTruthy();
    expect(screen.getAllByText('Borrador').length).toBeGreaterThan(0);
    expect(screen.getAllByText('804,65 €')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Buscar por número, cliente u obra…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo presupuesto' }).getAttribute('href')).toBe(
      '/presupuestos/nuevo',
    );
  });

  it('"Nuevo presupuesto" splits into "Desde plantilla…": the active templates, each opening the form prefilled from it', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/presupuestos', () => ({ body: aPage([aPresupuestoResumen()]) }));
    fake.on('GET', '/api/presupuestos/plantillas', () => ({
      body: aPage([{ _id: PLANTILLA, nombre: 'Miniexcavadora por semanas' }]),
    }));
    const { router } = renderComercial('/presupuestos?view=list', { fake });
    await screen.findByRole('heading', { name: 'Presupuestos' }, LAZY);
    // Read only once the menu opens.
    expect(fake.callsTo('GET', '/api/presupuestos/plantillas')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Desde plantilla…' }));
    const opcion = await screen.findByRole('link', { name: 'Miniexcavadora por semanas' });
    const q = fake.callsTo('GET', '/api/presupuestos/plantillas')[0]?.query;
    expect(q?.get('activo')).toBe('true');
    await user.click(opcion);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/presupuestos/nuevo?plantilla=${PLANTILLA}`,
      ),
    );
  });

  it('an enviado quote offers "Aceptar y crear alquiler"; a 409 shows the line and why, and the substitutes', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    fake.on('POST', `/api/presupuestos/${PRESUPUESTO_ID}/aceptar`, () => ({
      status: 409,
      body: {
        message: 'Hay material no disponible en las fechas indicadas.',
        errors: [
          'lineas[0].maquinaId: MEX-001 está reservada del 03/03/2026 al 12/03/2026 (A2026-00001)',
        ],
        conflictos: [
          {
            lineaId: '0b5f5d0e-1a2b-4c3d-8e9f-000000000301',
            codigo: 'MEX-001',
            alternativas: [{ maquinaId: 'm2', codigoInterno: 'MEX-002', descripcion: 'MEX-002' }],
          },
        ],
      },
    }));
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    expect(
      await screen.findByRole('heading', { name: 'Presupuesto P2026-00017' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByText('1 semana + 3 días')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear alquiler' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar y crear alquiler' }));
    expect(
      await within(dialog).findByText('Hay material no disponible en las fechas indicadas.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'lineas[0].maquinaId: MEX-001 está reservada del 03/03/2026 al 12/03/2026 (A2026-00001)',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'MEX-002' })).toBeTruthy();
  });

  it('"Rechazar": once the quote is rejected its button is gone, and the focus goes to the heading, not to the page body (issue 14)', async () => {
    const fake = createFakeApi();
    let rechazado = false;
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto(rechazado ? { estado: 'rechazado', version: 3 } : {}) },
    }));
    fake.on('POST', `/api/presupuestos/${PRESUPUESTO_ID}/rechazar`, () => {
      rechazado = true;
      return { body: { data: aPresupuesto({ estado: 'rechazado', version: 3 }) } };
    });
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    const titulo = await screen.findByRole('heading', { name: 'Presupuesto P2026-00017' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar' });
    await user.type(within(dialog).getByLabelText('Motivo del rechazo'), 'Precio alto');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(titulo));
  });

  it('"Actualizar precios" (R7) explains what changes, posts the version and shows the new totals', async () => {
    const fake = createFakeApi();
    let actualizado = false;
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: {
        data: actualizado
          ? aPresupuesto({
              version: 3,
              totales: {
                porIva: [{ tipoIva: 21, base: '700.00', cuota: '147.00' }],
                base: '700.00',
                iva: '147.00',
                total: '847.00',
              },
            })
          : aPresupuesto(),
      },
    }));
    fake.on('POST', `/api/presupuestos/${PRESUPUESTO_ID}/actualizar-precios`, () => {
      actualizado = true;
      return { body: { data: aPresupuesto({ version: 3 }) } };
    });
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    await screen.findByRole('heading', { name: 'Presupuesto P2026-00017' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Actualizar precios' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Las líneas sin facturar tomarán las tarifas actuales/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fake.callsTo('POST', `/api/presupuestos/${PRESUPUESTO_ID}/actualizar-precios`)[0]?.body,
    ).toEqual({ version: aPresupuesto().version });
    expect(await screen.findByText('847,00 €')).toBeTruthy();
  });

  it('"Guardar como plantilla" posts the quote\'s lines with its duration, billing mode, fianza and conditions (§2.3)', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto({ condiciones: 'Material limpio a la devolución.' }) },
    }));
    fake.on('POST', '/api/presupuestos/plantillas', () => ({ status: 201, body: { data: {} } }));
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Guardar como plantilla' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar como plantilla' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Miniexcavadora 10 días');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', '/api/presupuestos/plantillas')).toHaveLength(1),
    );
    expect(fake.callsTo('POST', '/api/presupuestos/plantillas')[0]?.body).toMatchObject({
      nombre: 'Miniexcavadora 10 días',
      // 03/03–12/03/2026: 10 días.
      duracionDias: 10,
      facturacion: 'al_finalizar',
      fianza: '300.00',
      condiciones: 'Material limpio a la devolución.',
      lineas: [
        {
          clase: 'maquina',
          descripcion: 'MEX-001 — Kubota U17-3α (nº serie U17-35124)',
          modoTarifa: 'optimo',
        },
      ],
    });
  });

  it('a user without presupuestos.edit sees no action buttons', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, {
      fake,
      roles: ['operaciones', 'alquileres'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Presupuesto P2026-00017' }, LAZY),
    ).toBeTruthy();
    renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake, roles: ['operaciones'] });
    await waitFor(() =>
      expect(screen.getAllByText('Acceso no autorizado').length).toBeGreaterThan(0),
    );
  });

  it('the new quote form tells that a quote does not reserve and prices a line as it is added', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/inventario/maquinas/opciones', () => ({
      body: {
        data: [
          {
            _id: 'm1',
            codigoInterno: 'MEX-001',
            marca: 'Kubota',
            modelo: 'U17',
            tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
          },
        ],
      },
    }));
    fake.on('GET', '/api/inventario/componentes/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/inventario/conceptos/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/alquileres/opciones/clientes', () => ({ body: { data: [] } }));
    renderComercial('/presupuestos/nuevo', { fake });
    expect(await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY)).toBeTruthy();
    expect(
      screen.getByText('El presupuesto no reserva material: la reserva se hace al aceptarlo.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Inicio previsto'));
    await user.type(screen.getByLabelText('Inicio previsto'), '2026-03-03');
    await user.clear(screen.getByLabelText('Fin previsto'));
    await user.type(screen.getByLabelText('Fin previsto'), '2026-03-12');
    await screen.findByRole('option', { name: 'MEX-001 — Kubota U17' });
    await user.selectOptions(screen.getByLabelText('Máquina'), 'm1');
    await user.click(screen.getByRole('button', { name: 'Añadir máquina' }));
    expect(await screen.findByText('1 semana + 3 días')).toBeTruthy();
    expect(screen.getAllByText('804,65 €').length).toBeGreaterThan(0);
  });

  it('"Nuevo cliente" opens /clientes/nuevo in a new tab, for admins only (§5)', async () => {
    const fake = createFakeApi();
    for (const tipo of ['maquinas', 'componentes', 'conceptos'])
      fake.on('GET', `/api/inventario/${tipo}/opciones`, () => ({ body: { data: [] } }));
    fake.on('GET', '/api/alquileres/opciones/clientes', () => ({ body: { data: [] } }));
    const admin = renderComercial('/presupuestos/nuevo', { fake });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    const enlace = screen.getByRole('link', {
      name: 'Nuevo cliente (se abre en una pestaña nueva)',
    });
    expect(enlace.getAttribute('href')).toBe('/clientes/nuevo');
    expect(enlace.getAttribute('target')).toBe('_blank');
    admin.unmount();
    renderComercial('/presupuestos/nuevo', { fake, roles: ['empleado'] });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    expect(screen.queryByRole('link', { name: /^Nuevo cliente/ })).toBeNull();
  });
});

describe('/presupuestos/templates (comercial.md §5)', () => {
  it('"Nueva plantilla" opens its modal; the lines chosen there are posted with the template', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/presupuestos/plantillas', () => ({ body: aPage([]) }));
    fake.on('GET', '/api/inventario/maquinas/opciones', () => ({
      body: {
        data: [
          {
            _id: 'm1',
            codigoInterno: 'MEX-001',
            marca: 'Kubota',
            modelo: 'U17',
            tarifas: { dia: '95.00' },
          },
        ],
      },
    }));
    fake.on('GET', '/api/inventario/componentes/opciones', () => ({ body: { data: [] } }));
    fake.on('GET', '/api/inventario/conceptos/opciones', () => ({ body: { data: [] } }));
    fake.on('POST', '/api/presupuestos/plantillas', () => ({ status: 201, body: { data: {} } }));
    renderComercial('/presupuestos/templates', { fake });
    expect(
      await screen.findByRole('heading', { name: 'Plantillas de presupuesto' }, LAZY),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Aún no hay plantillas - Guarda como plantilla los presupuestos que repites.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva plantilla' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Miniexcavadora por semanas');
    await within(dialog).findByRole('option', { name: 'MEX-001 — Kubota U17' });
    await user.selectOptions(within(dialog).getByLabelText('Máquina'), 'm1');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir máquina' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', '/api/presupuestos/plantillas')).toHaveLength(1),
    );
    expect(fake.callsTo('POST', '/api/presupuestos/plantillas')[0]?.body).toMatchObject({
      nombre: 'Miniexcavadora por semanas',
      duracionDias: 7,
      lineas: [{ clase: 'maquina', maquinaId: 'm1' }],
    });
  });
});

describe('/presupuestos/templates: what the screen does not edit stays', () => {
  it('"Desactivar" and "Editar plantilla" send back the billing mode, fianza, condiciones and each line\'s rate basis, prices and discount', async () => {
    const fake = createFakeApi();
    const plantilla = {
      _id: PLANTILLA,
      version: 3,
      nombre: 'Miniexcavadora por semanas',
      descripcion: 'Obras cortas',
      activo: true,
      validezDias: 30,
      duracionDias: 7,
      facturacion: 'al_finalizar',
      fianza: '300.00',
      condiciones: 'Material limpio a la devolución.',
      usos: 0,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      lineas: [
        {
          clase: 'maquina',
          maquinaId: 'm1',
          descripcion: 'MEX-001 — Kubota U17',
          cantidad: '1',
          modoTarifa: 'semana',
          diasMinimos: 7,
          precioDia: '95.0000',
          precioSemana: '350.0000',
          descuentoPct: '10',
          tipoIva: 21,
        },
      ],
    };
    fake.on('GET', '/api/presupuestos/plantillas', () => ({ body: aPage([plantilla]) }));
    for (const tipo of ['maquinas', 'componentes', 'conceptos'])
      fake.on('GET', `/api/inventario/${tipo}/opciones`, () => ({ body: { data: [] } }));
    fake.on('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`, () => ({
      body: { data: plantilla },
    }));
    renderComercial('/presupuestos/templates', { fake });
    await user.click(
      await screen.findByRole('button', { name: 'Desactivar Miniexcavadora por semanas' }, LAZY),
    );
    await waitFor(() =>
      expect(fake.callsTo('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`)).toHaveLength(1),
    );
    const guardado = {
      descripcion: 'Obras cortas',
      facturacion: 'al_finalizar',
      fianza: '300.00',
      condiciones: 'Material limpio a la devolución.',
    };
    expect(fake.callsTo('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`)[0]?.body).toMatchObject(
      { ...guardado, activo: false, version: 3 },
    );
    await user.click(screen.getByRole('button', { name: 'Editar Miniexcavadora por semanas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plantilla' });
    // §2.3: the modal shows the template's Facturación and Fianza and edits them; the fianza is
    // checked by the domain's schema before anything is sent.
    const facturacion = within(dialog).getByLabelText('Facturación') as HTMLSelectElement;
    const fianza = within(dialog).getByLabelText('Fianza') as HTMLInputElement;
    expect(facturacion.value).toBe('al_finalizar');
    expect(fianza.value).toBe('300,00');
    // Datos holds the template's Descripción (§2.3, ≤ 500), edited like the rest.
    const descripcion = within(dialog).getByLabelText('Descripción') as HTMLTextAreaElement;
    expect(descripcion.value).toBe('Obras cortas');
    await user.clear(descripcion);
    await user.paste('Obras de una semana');
    await user.selectOptions(facturacion, 'mensual_vencido');
    await user.clear(fianza);
    await user.paste('450,555');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar plantilla' }));
    expect(within(dialog).getByText('Importe no válido')).toBeTruthy();
    expect(fianza.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(fianza);
    expect(fake.callsTo('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`)).toHaveLength(1);
    await user.clear(fianza);
    await user.paste('450,50');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() =>
      expect(fake.callsTo('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`)).toHaveLength(2),
    );
    expect(fake.callsTo('PUT', `/api/presupuestos/plantillas/${PLANTILLA}`)[1]?.body).toMatchObject(
      {
        ...guardado,
        descripcion: 'Obras de una semana',
        facturacion: 'mensual_vencido',
        fianza: '450.50',
        lineas: [
          {
            clase: 'maquina',
            maquinaId: 'm1',
            descripcion: 'MEX-001 — Kubota U17',
            modoTarifa: 'semana',
            diasMinimos: 7,
            precioSemana: '350.0000',
            descuentoPct: '10',
            tipoIva: 21,
          },
        ],
      },
    );
  });
});

describe('/presupuestos/templates: Eliminar asks first', () => {
  it('"Eliminar" opens a confirmation; a used template\'s 409 stays in it; an unused one is deleted with its version', async () => {
    const fake = createFakeApi();
    const plantilla = {
      _id: PLANTILLA,
      version: 2,
      nombre: 'Andamio fachada',
      descripcion: null,
      activo: true,
      validezDias: 30,
      duracionDias: 30,
      facturacion: null,
      fianza: null,
      condiciones: null,
      usos: 0,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      lineas: [],
    };
    fake.on('GET', '/api/presupuestos/plantillas', () => ({ body: aPage([plantilla]) }));
    let usada = true;
    fake.on('DELETE', `/api/presupuestos/plantillas/${PLANTILLA}`, () =>
      usada
        ? {
            status: 409,
            body: {
              message: 'La plantilla se ha usado en 2 presupuestos; desactívala en su lugar.',
            },
          }
        : { status: 204 },
    );
    renderComercial('/presupuestos/templates', { fake });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Andamio fachada' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar plantilla' });
    expect(
      within(dialog).getByText(
        '¿Eliminar la plantilla «Andamio fachada»? Esta acción no se puede deshacer.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/presupuestos/plantillas/${PLANTILLA}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await within(dialog).findByText(
        'La plantilla se ha usado en 2 presupuestos; desactívala en su lugar.',
      ),
    ).toBeTruthy();
    usada = false;
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fake.callsTo('DELETE', `/api/presupuestos/plantillas/${PLANTILLA}`)[1]?.query.get('version'),
    ).toBe('2');
    expect(await screen.findByText('Plantilla eliminada')).toBeTruthy();
  });
});

describe('/alquileres (comercial.md §5)', () => {
  it('lists the open rentals by default with material, amount and the late badge', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres', () => ({ body: aPage([anAlquilerResumen()]) }));
    renderComercial('/alquileres?view=list', { fake });
    expect(await screen.findByRole('heading', { name: 'Alquileres' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('A2026-00012')).toBeTruthy();
    expect(screen.getByText('2 máquinas · 900 piezas')).toBeTruthy();
    expect(screen.getByText('Retraso: 4 días')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/alquileres')[0]?.query.get('estado')).toBe(
      'reservado,en_curso,devuelto_parcial',
    );
  });

  it('Estado is multi (§5): the open states pressed by default; toggling adds or drops a state, "Todos" asks for every state', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres', () => ({ body: aPage([anAlquilerResumen()]) }));
    const { router } = renderComercial('/alquileres?view=list', { fake });
    await screen.findByText('A2026-00012', {}, LAZY);
    const grupo = screen.getByRole('group', { name: 'Estado' });
    const boton = (nombre: string) => within(grupo).getByRole('button', { name: nombre });
    const pulsados = () =>
      within(grupo)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(pulsados()).toEqual(['Reservado', 'En curso', 'Devuelto parcial']);
    const ultima = () => fake.callsTo('GET', '/api/alquileres').at(-1)?.query;
    await user.click(boton('Finalizado'));
    await waitFor(() =>
      expect(ultima()?.get('estado')).toBe('reservado,en_curso,devuelto_parcial,finalizado'),
    );
    expect(router.state.location.search).toContain(
      'estado=reservado%2Cen_curso%2Cdevuelto_parcial%2Cfinalizado',
    );
    await user.click(boton('Reservado'));
    await waitFor(() =>
      expect(ultima()?.get('estado')).toBe('en_curso,devuelto_parcial,finalizado'),
    );
    await user.click(boton('Todos'));
    await waitFor(() => expect(ultima()?.has('estado')).toBe(false));
    expect(pulsados()).toEqual(['Todos']);
    // From "Todos", a state alone.
    await user.click(boton('Cancelado'));
    await waitFor(() => expect(ultima()?.get('estado')).toBe('cancelado'));
    expect(pulsados()).toEqual(['Cancelado']);
    // Dropping the last one leaves every state.
    await user.click(boton('Cancelado'));
    await waitFor(() => expect(ultima()?.has('estado')).toBe(false));
  });

  it('each row offers Ver, Editar (open rentals), Contrato PDF and Archivos; a quote row Ver, Editar and PDF; one piece is "1 pieza"', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(new Blob(['%PDF-1.4']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const fake = createFakeApi();
      const cerrado = {
        ...anAlquilerResumen(),
        _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000299',
        numero: 'A2026-00009',
        estado: 'finalizado' as const,
        maquinas: 0,
        piezas: 1,
      };
      fake.on('GET', '/api/alquileres', () => ({ body: aPage([anAlquilerResumen(), cerrado]) }));
      const { unmount } = renderComercial('/alquileres?view=list', { fake });
      const fila = (await screen.findByRole('link', { name: 'Ver A2026-00012' }, LAZY)).closest(
        'tr',
      ) as HTMLElement;
      expect(
        within(fila).getByRole('link', { name: 'Editar A2026-00012' }).getAttribute('href'),
      ).toBe(`/alquileres/${ALQUILER_ID}/editar`);
      expect(within(fila).getByRole('link', { name: 'Archivos de A2026-00012' })).toBeTruthy();
      await user.click(within(fila).getByRole('button', { name: 'Contrato PDF de A2026-00012' }));
      await waitFor(() =>
        expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
          `/api/alquileres/${ALQUILER_ID}/pdf?descarga=1`,
        ),
      );
      // A finalizado rental is read-only: no Editar, the contract still there.
      const otra = screen
        .getByRole('link', { name: 'Ver A2026-00009' })
        .closest('tr') as HTMLElement;
      expect(within(otra).queryByRole('link', { name: 'Editar A2026-00009' })).toBeNull();
      expect(
        within(otra).getByRole('button', { name: 'Contrato PDF de A2026-00009' }),
      ).toBeTruthy();
      expect(within(otra).getByText('1 pieza')).toBeTruthy();
      unmount();

      fake.on('GET', '/api/presupuestos', () => ({ body: aPage([aPresupuestoResumen()]) }));
      renderComercial('/presupuestos?view=list', { fake });
      const presupuesto = (
        await screen.findByRole('link', { name: 'Ver P2026-00017' }, LAZY)
      ).closest('tr') as HTMLElement;
      await user.click(within(presupuesto).getByRole('button', { name: 'PDF de P2026-00017' }));
      await waitFor(() =>
        expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
          `/api/presupuestos/${PRESUPUESTO_ID}/pdf?descarga=1`,
        ),
      );
      expect(click).toHaveBeenCalled();
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('material under baja is "Pendiente de recogida" (R17) in the list, the detail and its line; the history names a Cambiar fin "Prorrogado"', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/alquileres', () => ({
      body: aPage([{ ...anAlquilerResumen(), retrasoDias: 0, pendienteRecogida: true }]),
    }));
    const base = anAlquiler();
    const alquiler = {
      ...base,
      retraso: { dias: 0, lineas: 0 },
      pendienteRecogida: true,
      lineas: base.lineas.map((l) => ({ ...l, retrasoDias: 0, cantidadBaja: l.cantidadFuera })),
    };
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: alquiler } }));
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}/historial`, () => ({
      body: aPage([
        {
          _id: 'h1',
          fecha: '2026-03-10T09:00:00.000Z',
          usuario: 'alquileres@tvsistema.test',
          accion: 'prorrogar',
          cambios: [{ campo: 'fechaFin', anterior: '2026-03-12', nuevo: '2026-03-20' }],
        },
      ]),
    }));
    const { unmount } = renderComercial('/alquileres?view=list', { fake });
    const fila = (await screen.findByText('A2026-00012', {}, LAZY)).closest('tr');
    expect(within(fila as HTMLElement).getByText('Pendiente de recogida')).toBeTruthy();
    expect(screen.queryByText(/^Retraso/)).toBeNull();
    unmount();

    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    expect(await screen.findByRole('heading', { name: 'Alquiler A2026-00012' }, LAZY)).toBeTruthy();
    // The header's badge and the line's.
    expect(screen.getAllByText('Pendiente de recogida')).toHaveLength(1 + alquiler.lineas.length);
    await user.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Prorrogado')).toBeTruthy();
  });

  it('the detail shows the lines with their delivery state and the actions of an en curso rental', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: anAlquiler() } }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    expect(await screen.findByRole('heading', { name: 'Alquiler A2026-00012' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Entregada')).toBeTruthy();
    for (const name of [
      'Cambiar fin',
      'Comunicar baja',
      'Finalizar',
      'Registrar cobro de fianza',
      'Descargar contrato',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar alquiler' })).toBeNull();
  });

  it('the "Albaranes" tab lists the rental\'s albaranes and offers the next one; "Facturación" its invoiced periods; the "Importes" card what is billed and left', async () => {
    const fake = createFakeApi();
    const alquiler = anAlquiler();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: {
        data: {
          ...alquiler,
          totales: { ...alquiler.totales, base: '3015.00' },
          permiteEntrega: false,
          permiteRecogida: true,
        },
      },
    }));
    fake.on('GET', '/api/albaranes', () => ({
      body: {
        data: [
          {
            _id: '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b11',
            version: 3,
            tipo: 'entrega',
            numero: 'AE2026-00003',
            estado: 'firmado',
            fechaHora: '2026-03-02T07:30:00.000Z',
            cliente: { _id: 'c', nombre: 'Construcciones Llevant, S.L.', documento: 'B07345671' },
            alquiler: { _id: ALQUILER_ID, numero: 'A2026-00012' },
            obra: 'Rehabilitación fachada Sant Miquel',
            unidades: 300,
            firmado: true,
            referenciaExterna: null,
          },
        ],
        meta: { page: 1, limit: 100, total: 1, totalPages: 1 },
      },
    }));
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}/facturacion`, () => ({
      body: {
        data: {
          periodos: [
            {
              facturaId: 'f5b3a3f2-9d0a-4c55-8a8e-1b2c3d4e5f60',
              facturaNumero: 'F2026-00007',
              facturaEstado: 'emitida',
              desde: '2026-03-02',
              hasta: '2026-03-31',
              base: '1005.00',
            },
            {
              facturaId: 'f5b3a3f2-9d0a-4c55-8a8e-1b2c3d4e5f61',
              facturaNumero: null,
              facturaEstado: 'borrador',
              desde: '2026-04-01',
              hasta: '2026-04-30',
              base: '1005.00',
            },
          ],
          proximo: { desde: '2026-05-01', hasta: '2026-05-31', baseEstimada: '1005.00' },
        },
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    // §5 "Importes": bases; a draft invoice is not billed yet.
    const importes = (await screen.findByRole('heading', { name: 'Importes' }, LAZY)).closest(
      '.card',
    ) as HTMLElement;
    await waitFor(() => expect(importes.textContent).toContain('Facturado1.005,00 €'));
    expect(importes.textContent).toContain('Estimado3.015,00 €');
    expect(importes.textContent).toContain('Pendiente de facturar2.010,00 €');
    await user.click(await screen.findByRole('tab', { name: 'Albaranes' }, LAZY));
    const fila = (await screen.findByRole('link', { name: 'AE2026-00003' })).closest('tr');
    expect(fila?.textContent).toContain('02/03/2026 08:30');
    expect(fila?.textContent).toContain('Firmado');
    expect(fake.callsTo('GET', '/api/albaranes')[0]?.query.get('alquilerId')).toBe(ALQUILER_ID);
    expect(screen.getByRole('link', { name: 'Nueva recogida' }).getAttribute('href')).toBe(
      `/albaranes/crear?tipo=recogida&alquilerId=${ALQUILER_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Nueva entrega' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Facturación' }));
    const factura = await screen.findByRole('link', { name: 'F2026-00007' });
    expect(factura.closest('tr')?.textContent).toContain('02/03/2026–31/03/2026');
    expect(factura.closest('tr')?.textContent).toContain('1.005,00 €');
    expect(screen.getByText(/Próximo periodo: 01\/05–31\/05\/2026/)).toBeTruthy();
  });

  it('"Comunicar baja" lists the lines on site; unmarking one and lowering a scaffolding quantity posts just that', async () => {
    const fake = createFakeApi();
    const base = anAlquiler();
    const maquina = base.lineas[0]!;
    const marcos = {
      ...maquina,
      _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000398',
      clase: 'andamio' as const,
      maquinaId: null,
      componenteId: 'c1',
      descripcion: 'MAR-200-073 — Marco 2,00 × 0,73 m',
      cantidad: '200',
      cantidadEntregada: 200,
      cantidadFuera: 200,
    };
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: { data: anAlquiler({ lineas: [maquina, marcos] }) },
    }));
    fake.on('POST', `/api/alquileres/${ALQUILER_ID}/baja`, () => ({ body: { data: base } }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Comunicar baja' }, LAZY));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      within(dialog).getByRole('checkbox', { name: `${maquina.descripcion} (1 en obra)` }),
    );
    const piezas = within(dialog).getByLabelText(
      'Piezas de baja de MAR-200-073 — Marco 2,00 × 0,73 m',
    );
    await user.clear(piezas);
    await user.type(piezas, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', `/api/alquileres/${ALQUILER_ID}/baja`)).toHaveLength(1),
    );
    expect(fake.callsTo('POST', `/api/alquileres/${ALQUILER_ID}/baja`)[0]?.body).toMatchObject({
      lineas: [{ lineaId: marcos._id, cantidad: 80 }],
    });
  });

  it('editing a rental locks what R22 and R20 lock: a delivered line keeps its start and cannot go; an invoiced one keeps its price terms', async () => {
    const fake = createFakeApi();
    const base = anAlquiler();
    const entregada = base.lineas[0]!;
    const facturada = {
      ...entregada,
      _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000399',
      cantidadEntregada: 0,
      facturadoHasta: '2026-03-31',
    };
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: { data: anAlquiler({ lineas: [entregada, facturada] }) },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}/editar`, { fake });
    const desde1 = (await screen.findByLabelText('Desde, línea 1', {}, LAZY)) as HTMLInputElement;
    expect(desde1.disabled).toBe(true);
    expect(desde1.title).toBe(
      'Una línea con material entregado no puede cambiar su inicio ni su artículo, ni bajar de lo entregado.',
    );
    const quitar1 = screen.getByRole('button', { name: 'Quitar línea 1' }) as HTMLButtonElement;
    expect(quitar1.disabled).toBe(true);
    expect(quitar1.title).toBe('No se puede quitar una línea con material entregado.');
    expect((screen.getByLabelText('Descuento de la línea 1') as HTMLInputElement).disabled).toBe(
      false,
    );
    for (const campo of ['Desde, línea 2', 'Hasta, línea 2', 'Descuento de la línea 2']) {
      const input = screen.getByLabelText(campo) as HTMLInputElement;
      expect(input.disabled, campo).toBe(true);
      expect(input.title).toBe(
        'La línea ya tiene periodos facturados; su precio no puede cambiar.',
      );
    }
    // R20: an invoiced line stays too (its invoices name it), delivered or not.
    expect(
      (screen.getByRole('button', { name: 'Quitar línea 2' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // R20: the billing mode is locked once a period is invoiced.
    const facturacion = screen.getByLabelText('Facturación') as HTMLSelectElement;
    expect(facturacion.disabled).toBe(true);
    expect(facturacion.title).toBe(
      'La forma de facturación no puede cambiar: el alquiler ya tiene periodos facturados.',
    );
  });

  it("editing a rental shows each line's live availability, its own bookings excluded (R8)", async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: anAlquiler() } }));
    fake.on('POST', '/api/inventario/disponibilidad', () => ({
      body: {
        ok: false,
        pesoTotalKg: '0',
        lineas: [
          {
            indice: 0,
            codigo: 'MEX-001',
            solicitadas: 1,
            libresMin: 0,
            fechaLimitante: '2026-03-10',
            ok: false,
            mensaje: null,
            conflictos: [
              {
                tipo: 'alquiler',
                numero: 'A2026-00019',
                etiqueta: 'A2026-00019 · Reformas Tramuntana, S.L.',
                desde: '2026-03-10',
                hasta: '2026-03-20',
              },
            ],
            avisos: [],
          },
        ],
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}/editar`, { fake });
    expect(await screen.findByText('No disponible', {}, LAZY)).toBeTruthy();
    expect(screen.getByText(/A2026-00019 \(10\/03\/2026–20\/03\/2026\)/)).toBeTruthy();
    const pedido = fake.callsTo('POST', '/api/inventario/disponibilidad')[0]?.body as {
      excluirOrigenId: string;
      lineas: { desde: string; hasta: string }[];
    };
    expect(pedido.excluirOrigenId).toBe(ALQUILER_ID);
    expect(pedido.lineas[0]).toMatchObject({ desde: '2026-03-03', hasta: '2026-03-12' });
  });

  it("the archive: the splat is the folder; folders with counts, a breadcrumb, the folder's files; 'Nueva carpeta' opens an empty subfolder; Eliminar sends DELETE", async () => {
    const fake = createFakeApi();
    const archivo = (nombre: string, carpeta: string) => ({
      _id: `a-${nombre}`,
      nombre,
      mime: 'application/pdf',
      tamano: 2048,
      sha256: 'x',
      subidoEn: '2026-03-04T10:00:00.000Z',
      subidoPor: 'empleado@tvsistema.test',
      carpeta,
    });
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}/archivos`, (r) => {
      const carpeta = r.query.get('carpeta');
      return {
        body: {
          data: {
            alquiler: { numero: 'A2026-00012', cliente: 'Construcciones Llevant, S.L.' },
            carpetas: [
              { carpeta: 'entregas', total: 1 },
              { carpeta: 'entregas/obra-1', total: 2 },
              { carpeta: 'otros', total: 1 },
            ],
            archivos: carpeta === 'entregas' ? [archivo('albaran-ae1.pdf', 'entregas')] : [],
          },
        },
      };
    });
    fake.on('DELETE', `/api/alquileres/${ALQUILER_ID}/archivos/a-albaran-ae1.pdf`, () => ({
      status: 204,
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}/archivos/entregas`, {
      fake,
      roles: ['alquileres'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Archivos del alquiler A2026-00012' }, LAZY),
    ).toBeTruthy();
    expect(screen.getByText('Construcciones Llevant, S.L.')).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'albaran-ae1.pdf' })).toBeTruthy();
    expect(
      fake.callsTo('GET', `/api/alquileres/${ALQUILER_ID}/archivos`)[0]?.query.get('carpeta'),
    ).toBe('entregas');
    const carpetas = within(screen.getByRole('navigation', { name: 'Carpetas' }));
    // "Entregas" counts its subfolder's files too; a custom folder follows the fixed five.
    expect(
      carpetas.getByRole('link', { name: 'Entregas 3 archivos' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(carpetas.getByRole('link', { name: 'Todos los archivos 4 archivos' })).toBeTruthy();
    expect(
      carpetas.getByRole('link', { name: 'Entregas › Obra 1 2 archivos' }).getAttribute('href'),
    ).toBe(`/alquileres/${ALQUILER_ID}/archivos/entregas/obra-1`);
    const ruta = within(screen.getByRole('navigation', { name: 'Ruta de la carpeta' }));
    expect(ruta.getByRole('link', { name: 'Todos los archivos' })).toBeTruthy();
    expect(ruta.getByText('Entregas').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Los archivos se guardarán en «entregas».')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Eliminar albaran-ae1.pdf' }));
    expect(
      await screen.findByText('¿Eliminar «albaran-ae1.pdf»? Esta acción no se puede deshacer.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(
        fake.callsTo('DELETE', `/api/alquileres/${ALQUILER_ID}/archivos/a-albaran-ae1.pdf`),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Nueva carpeta' }));
    await user.type(await screen.findByLabelText('Nombre de la carpeta'), 'Daños Son Castelló');
    expect(
      screen.getByText('Los archivos se guardarán en «entregas/danos-son-castello».'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Crear carpeta' }));
    expect(await screen.findByText('Esta carpeta está vacía')).toBeTruthy();
    expect(fake.calls.at(-1)?.query.get('carpeta')).toBe('entregas/danos-son-castello');
    expect(
      within(screen.getByRole('navigation', { name: 'Ruta de la carpeta' })).getByText(
        'Danos son castello',
      ),
    ).toBeTruthy();
  });
});

describe('/presupuestos/templates on a phone (issue 14)', () => {
  it('below 768 px each template is a card with its actions, not a seven-column table', async () => {
    stubListWidth(true);
    try {
      const fake = createFakeApi();
      fake.on('GET', '/api/presupuestos/plantillas', () => ({
        body: aPage([
          {
            _id: PLANTILLA,
            version: 1,
            nombre: 'Andamio de fachada',
            activo: true,
            validezDias: 30,
            duracionDias: 60,
            usos: 0,
            createdAt: '2026-03-01T09:00:00.000Z',
            updatedAt: '2026-03-02T09:00:00.000Z',
            lineas: [],
          },
        ]),
      }));
      renderComercial('/presupuestos/templates', { fake });
      const list = await screen.findByRole('list', { name: 'Plantillas de presupuesto' }, LAZY);
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem');
      expect(card.textContent).toContain('0 líneas · 60 días de duración · validez 30 días');
      within(card).getByRole('link', { name: 'Usar' });
      within(card).getByRole('button', { name: 'Editar Andamio de fachada' });
      within(card).getByRole('button', { name: 'Eliminar Andamio de fachada' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
