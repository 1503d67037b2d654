import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sumarDias } from '@tvsistema/domain/fechas';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import { createFakeApi } from '../../testing/fake-api.js';
import { ALQUILER_ID, aPresupuesto, anAlquiler, PRESUPUESTO_ID } from './testing/fixtures.js';
import { renderComercial } from './testing/render-comercial.js';

// The quote and rental forms (comercial.md §5, §2.1, §2.2, §2.4): "Contacto" (and the rental's
// "Contacto en obra"), each line's prices and IVA, and the pickers searching availability for
// the new line's own dates.
import './components/form-pages.js';
import './components/alquiler-detail-page.js';
import './components/presupuesto-detail-page.js';
import { isDisabled } from '../../testing/disabled.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

afterEach(() => {
  vi.useRealTimers();
});

/**
 * §5 "forms as the supplier form": saving shows "Guardado. Redirigiendo…" and, 900 ms later (fake
 * timers), the detail opens with `flash` once.
 */
const guardarYRedirigir = async (
  router: { state: { location: { pathname: string } } },
  boton: string,
  detalle: string,
  flash: string,
) => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.click(screen.getByRole('button', { name: boton }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByRole('status').textContent).toBe('Guardado. Redirigiendo…');
  // Nothing typed now could be saved: every field is locked until the detail opens.
  const campos = screen.getAllByRole('textbox');
  expect(campos.length).toBeGreaterThan(0);
  expect(campos.filter((campo) => !isDisabled(campo))).toEqual([]);
  const ruta = router.state.location.pathname;
  await act(() => vi.advanceTimersByTimeAsync(899));
  expect(router.state.location.pathname).toBe(ruta);
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(router.state.location.pathname).toBe(detalle);
  vi.useRealTimers();
  expect(await screen.findByText(flash, {}, LAZY)).toBeTruthy();
};

/** The shared "Cambios sin guardar" guard: leaving with changes asks; "Seguir editando" stays. */
const cancelarPregunta = async (router: { state: { location: { pathname: string } } }) => {
  const ruta = router.state.location.pathname;
  await user.click(screen.getByRole('link', { name: 'Cancelar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
  await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(router.state.location.pathname).toBe(ruta);
};

// Ids as the API gives them (the form checks the body with the API's schema before sending).
const M1 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000701';
const M2 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000702';
const C1 = '0b5f5d0e-1a2b-4c3d-8e9f-000000000703';

/** A prospect's name: the quickest client a quote can have (a provisional one, §2.1). */
const clienteProvisional = async () => {
  await user.click(screen.getByLabelText('Cliente provisional'));
  await user.click(document.getElementById('doc-prov-nombre') as HTMLElement);
  await user.paste('Hotel Cala Major');
};

const MAQUINAS = [
  {
    _id: M1,
    codigoInterno: 'MEX-001',
    marca: 'Kubota',
    modelo: 'U17',
    tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
    libre: true,
    conflictos: [],
  },
  {
    _id: M2,
    codigoInterno: 'MEX-002',
    marca: 'Kubota',
    modelo: 'U17',
    tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
    libre: false,
    conflictos: [{ tipo: 'alquiler', numero: 'A2026-00012', desde: '2026-03-01', hasta: null }],
  },
];

const conPickers = (fake: ReturnType<typeof createFakeApi>) => {
  fake.on('GET', '/api/inventario/maquinas/opciones', () => ({ body: { data: MAQUINAS } }));
  fake.on('GET', '/api/inventario/componentes/opciones', () => ({
    body: {
      data: [
        {
          _id: C1,
          codigo: 'MAR-200-073',
          nombre: 'Marco 200×73',
          precios: { dia: '0.05', semana: null, mes: '1.20' },
          libresMin: 200,
        },
      ],
    },
  }));
  fake.on('GET', '/api/inventario/conceptos/opciones', () => ({ body: { data: [] } }));
  fake.on('GET', '/api/alquileres/opciones/clientes', () => ({ body: { data: [] } }));
  fake.on('POST', '/api/inventario/disponibilidad', () => ({
    body: { ok: true, pesoTotalKg: '0', lineas: [] },
  }));
};

const fechar = async (label: string, valor: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, valor);
};

describe('the line pickers search availability for the new line’s dates (§5)', () => {
  it('the machine and component pickers ask inventario with desde/hasta, tell each option’s availability, and the line added takes those dates', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('POST', '/api/presupuestos', () => ({ status: 201, body: { data: aPresupuesto() } }));
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    renderComercial('/presupuestos/nuevo', { fake });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    await fechar('Inicio previsto', '2026-03-01');
    await fechar('Fin previsto', '2026-03-31');
    // The new line's dates follow the document's until changed.
    expect((screen.getByLabelText('Desde (línea nueva)') as HTMLInputElement).value).toBe(
      '2026-03-01',
    );
    await fechar('Desde (línea nueva)', '2026-03-03');
    await fechar('Hasta (línea nueva)', '2026-03-12');
    await waitFor(() => {
      const q = fake.callsTo('GET', '/api/inventario/maquinas/opciones').at(-1)?.query;
      expect(q?.get('desde')).toBe('2026-03-03');
      expect(q?.get('hasta')).toBe('2026-03-12');
    });
    const q = fake.callsTo('GET', '/api/inventario/componentes/opciones').at(-1)?.query;
    expect(q?.get('desde')).toBe('2026-03-03');
    expect(q?.get('hasta')).toBe('2026-03-12');
    expect(
      fake.callsTo('GET', '/api/inventario/conceptos/opciones').at(-1)?.query.get('desde'),
    ).toBeNull();
    expect(
      await screen.findByRole('option', { name: 'MEX-001 — Kubota U17 · Disponible' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('option', { name: 'MEX-002 — Kubota U17 · No disponible (A2026-00012)' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('option', { name: 'MAR-200-073 — Marco 200×73 · Libres: 200' }),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Máquina'), M1);
    await user.click(screen.getByRole('button', { name: 'Añadir máquina' }));
    expect((screen.getByLabelText('Desde, línea 1') as HTMLInputElement).value).toBe('2026-03-03');
    expect((screen.getByLabelText('Hasta, línea 1') as HTMLInputElement).value).toBe('2026-03-12');
    expect(await screen.findByText('1 semana + 3 días')).toBeTruthy();

    // A hasta before desde is marked and no availability is asked for it.
    const antes = fake.callsTo('GET', '/api/inventario/maquinas/opciones').length;
    await fechar('Hasta (línea nueva)', '2026-03-02');
    expect(screen.getByText('La fecha de fin no puede ser anterior a la de inicio')).toBeTruthy();
    for (const call of fake.callsTo('GET', '/api/inventario/maquinas/opciones').slice(antes))
      expect(call.query.get('hasta')).not.toBe('2026-03-02');

    // Changing the document's dates brings the new line's back to them.
    await fechar('Fin previsto', '2026-03-20');
    expect((screen.getByLabelText('Hasta (línea nueva)') as HTMLInputElement).value).toBe(
      '2026-03-20',
    );

    await clienteProvisional();
    await user.click(screen.getByRole('button', { name: 'Crear presupuesto' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/presupuestos')).toHaveLength(1));
    const body = fake.callsTo('POST', '/api/presupuestos')[0]?.body as {
      lineas: Record<string, unknown>[];
    };
    expect(body.lineas[0]).toMatchObject({
      maquinaId: M1,
      fechaInicio: '2026-03-03',
      fechaFin: '2026-03-12',
    });
  });
});

describe('each line’s prices and IVA (§2.1, §5)', () => {
  it('"Subir línea" / "Bajar línea" reorder the lines (§5), and the body carries the new order', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('POST', '/api/presupuestos', () => ({ status: 201, body: { data: aPresupuesto() } }));
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    renderComercial('/presupuestos/nuevo', { fake });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    await fechar('Inicio previsto', '2026-03-03');
    await fechar('Fin previsto', '2026-03-12');
    await screen.findByRole('option', { name: 'MEX-001 — Kubota U17 · Disponible' });
    await user.selectOptions(screen.getByLabelText('Máquina'), M1);
    await user.click(screen.getByRole('button', { name: 'Añadir máquina' }));
    await screen.findByRole('option', { name: /^MAR-200-073/ });
    await user.selectOptions(screen.getByLabelText('Componente'), C1);
    await user.click(screen.getByRole('button', { name: 'Añadir andamio' }));
    const subir1 = screen.getByRole('button', { name: 'Subir línea 1' }) as HTMLButtonElement;
    const bajar2 = screen.getByRole('button', { name: 'Bajar línea 2' }) as HTMLButtonElement;
    expect(subir1.disabled).toBe(true);
    expect(bajar2.disabled).toBe(true);
    screen.getByRole('button', { name: 'Bajar línea 1' }).focus();
    await user.keyboard('{Enter}');
    expect(
      (screen.getByLabelText('Descripción de la línea 1') as HTMLInputElement).placeholder,
    ).toMatch(/^MAR-200-073/);
    await clienteProvisional();
    await user.click(screen.getByRole('button', { name: 'Crear presupuesto' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/presupuestos')).toHaveLength(1));
    const body = fake.callsTo('POST', '/api/presupuestos')[0]?.body as {
      lineas: Record<string, unknown>[];
    };
    expect(body.lineas.map((l) => l['clase'])).toEqual(['andamio', 'maquina']);
  });

  it('the row shows the copied tariff, takes another price per day and another IVA; the summary follows and the body carries them', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('POST', '/api/presupuestos', () => ({ status: 201, body: { data: aPresupuesto() } }));
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    renderComercial('/presupuestos/nuevo', { fake });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    await fechar('Inicio previsto', '2026-03-03');
    await fechar('Fin previsto', '2026-03-12');
    await screen.findByRole('option', { name: 'MEX-001 — Kubota U17 · Disponible' });
    await user.selectOptions(screen.getByLabelText('Máquina'), M1);
    await user.click(screen.getByRole('button', { name: 'Añadir máquina' }));
    const dia = screen.getByLabelText('Precio por día, línea 1') as HTMLInputElement;
    expect(dia.value).toBe('95,00');
    expect((screen.getByLabelText('Precio por semana, línea 1') as HTMLInputElement).value).toBe(
      '380,00',
    );
    expect((screen.getByLabelText('Precio por mes, línea 1') as HTMLInputElement).value).toBe(
      '1100,00',
    );
    expect(screen.getAllByText('804,65 €').length).toBeGreaterThan(0);
    // "Por días" at 80,50: 10 × 80,50 = 805,00; at 10 % IVA 885,50.
    await user.selectOptions(screen.getByLabelText('Tarifa de la línea 1'), 'dia');
    await user.clear(dia);
    await user.type(dia, '80,50');
    expect(await screen.findByText('10 días')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('IVA de la línea 1'), '10');
    expect(screen.getByText('IVA 10 %')).toBeTruthy();
    expect(screen.getAllByText('885,50 €').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Motivo del IVA 0 %, línea 1')).toBeNull();
    await clienteProvisional();
    await user.click(screen.getByRole('button', { name: 'Crear presupuesto' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/presupuestos')).toHaveLength(1));
    const body = fake.callsTo('POST', '/api/presupuestos')[0]?.body as {
      lineas: Record<string, unknown>[];
    };
    expect(body.lineas[0]).toMatchObject({
      modoTarifa: 'dia',
      precioDia: '80.50',
      precioSemana: '380.00',
      precioMes: '1100.00',
      tipoIva: 10,
    });
    expect(body.lineas[0]?.['motivoIva0']).toBeUndefined();
  });

  it('IVA 0 % asks exenta or no sujeta and sends it; an invoiced rental line keeps its prices and IVA locked (R20)', async () => {
    const fake = createFakeApi();
    conPickers(fake);
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
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: base } }));
    renderComercial(`/alquileres/${ALQUILER_ID}/editar`, { fake });
    const iva1 = await screen.findByLabelText('IVA de la línea 1', {}, LAZY);
    for (const campo of [
      'Precio por día, línea 2',
      'Precio por semana, línea 2',
      'Precio por mes, línea 2',
    ]) {
      const input = screen.getByLabelText(campo) as HTMLInputElement;
      expect(input.disabled, campo).toBe(true);
      expect(input.title).toBe(
        'La línea ya tiene periodos facturados; su precio no puede cambiar.',
      );
    }
    // The reasons are written under each locked line too (a disabled field's tooltip does not
    // reach the keyboard nor touch).
    const filas = screen.getAllByRole('row');
    const fila = (n: number) =>
      filas.find((r) => within(r).queryByLabelText(`Descripción de la línea ${n}`)) as HTMLElement;
    expect(
      within(fila(2)).getByText(
        'La línea ya tiene periodos facturados; su precio no puede cambiar.',
      ),
    ).toBeTruthy();
    expect(
      within(fila(1)).getByText(
        'Una línea con material entregado no puede cambiar su inicio ni su artículo, ni bajar de lo entregado.',
      ),
    ).toBeTruthy();
    const quitar2 = screen.getByRole('button', { name: 'Quitar línea 2' }) as HTMLButtonElement;
    expect(quitar2.disabled).toBe(true);
    expect(quitar2.title).toBe(
      'No se puede quitar una línea con periodos facturados. Rectifica primero las facturas de esos periodos.',
    );
    const iva2 = screen.getByLabelText('IVA de la línea 2') as HTMLSelectElement;
    expect(iva2.disabled).toBe(true);
    expect(iva2.title).toBe(
      'La línea ya tiene periodos facturados; su IVA no puede cambiar. Rectifica primero las facturas de esos periodos.',
    );
    const dia1 = screen.getByLabelText('Precio por día, línea 1') as HTMLInputElement;
    expect(dia1.disabled).toBe(false);
    // numeric(14,4) read as money: "95.0000" → "95,00".
    expect(dia1.value).toBe('95,00');
    // Editing, the pickers leave the rental's own bookings out of the availability.
    await waitFor(() =>
      expect(
        fake
          .callsTo('GET', '/api/inventario/maquinas/opciones')
          .at(-1)
          ?.query.get('excluirOrigenId'),
      ).toBe(ALQUILER_ID),
    );
    await user.selectOptions(iva1, '0');
    const motivo = screen.getByLabelText('Motivo del IVA 0 %, línea 1') as HTMLSelectElement;
    expect(motivo.value).toBe('no_sujeta');
    await user.selectOptions(motivo, 'exenta');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}`)).toHaveLength(1),
    );
    const body = fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}`)[0]?.body as {
      lineas: Record<string, unknown>[];
    };
    expect(body.lineas[0]).toMatchObject({
      _id: entregada._id,
      precioDia: '95.0000',
      tipoIva: 0,
      motivoIva0: 'exenta',
    });
    expect(body.lineas[1]).toMatchObject({ tipoIva: 21, precioDia: '95.0000' });
  });
});

describe('"Duplicar" (§3.1)', () => {
  it('asks the server for the copy (POST …/duplicar) and opens the new borrador with a message; a refusal stays on the quote and says why', async () => {
    const COPIA_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000199';
    const hoy = diaEnMadrid();
    const copia = aPresupuesto({
      _id: COPIA_ID,
      numero: null,
      estado: 'borrador',
      fechaEmision: null,
      fechaInicio: hoy,
      fechaFin: sumarDias(hoy, 9),
      fechaValidez: sumarDias(hoy, 30),
    });
    const fake = createFakeApi();
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    fake.on('GET', `/api/presupuestos/${COPIA_ID}`, () => ({ body: { data: copia } }));
    let respuesta: { status: number; body: unknown } = {
      status: 403,
      body: { message: 'No tienes permiso para realizar esta acción' },
    };
    fake.on('POST', `/api/presupuestos/${PRESUPUESTO_ID}/duplicar`, () => respuesta);
    const { router } = renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Duplicar' }, LAZY));
    expect(
      await screen.findByText('No tienes permiso para realizar esta acción', {}, LAZY),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/presupuestos/${PRESUPUESTO_ID}`);

    respuesta = { status: 201, body: { data: copia } };
    await user.click(screen.getByRole('button', { name: 'Duplicar' }));
    await screen.findByRole('heading', { name: 'Presupuesto (borrador)' }, LAZY);
    expect(router.state.location.pathname).toBe(`/presupuestos/${COPIA_ID}`);
    expect(screen.getByText('Presupuesto duplicado a partir de P2026-00017')).toBeTruthy();
    expect(fake.callsTo('POST', `/api/presupuestos/${PRESUPUESTO_ID}/duplicar`)).toHaveLength(2);
    // The copy's own dates, as the server gave them.
    expect(
      screen.getByText(`${formatFecha(hoy)} – ${formatFecha(sumarDias(hoy, 9))}`),
    ).toBeTruthy();
  });
});

describe('"Contacto" and "Contacto en obra" (§2.2, §2.4, §5)', () => {
  it('a quote loads and sends its Contacto (nombre, teléfono, correo)', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: {
        data: aPresupuesto({
          estado: 'borrador',
          contacto: { nombre: 'Marta Vidal', telefono: '971 000 111' },
        }),
      },
    }));
    fake.on('PUT', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: { data: aPresupuesto() },
    }));
    const { router } = renderComercial(`/presupuestos/${PRESUPUESTO_ID}/editar`, { fake });
    const contacto = await screen.findByRole('group', { name: 'Contacto' }, LAZY);
    expect(screen.queryByRole('group', { name: 'Contacto en obra' })).toBeNull();
    const nombre = within(contacto).getByLabelText('Nombre') as HTMLInputElement;
    expect(nombre.value).toBe('Marta Vidal');
    expect((within(contacto).getByLabelText('Teléfono') as HTMLInputElement).value).toBe(
      '971 000 111',
    );
    // Unchanged, "Cancelar" leaves without asking; changed, the guard asks first.
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await screen.findByRole('heading', { name: 'Presupuesto P2026-00017' }, LAZY);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate(-1));
    const correo = await screen.findByRole('textbox', { name: 'Correo electrónico' }, LAZY);
    await user.type(correo, 'marta@calamajor.test');
    await cancelarPregunta(router);
    await guardarYRedirigir(
      router,
      'Guardar cambios',
      `/presupuestos/${PRESUPUESTO_ID}`,
      'Presupuesto actualizado',
    );
    expect(fake.callsTo('PUT', `/api/presupuestos/${PRESUPUESTO_ID}`)).toHaveLength(1);
    expect(fake.callsTo('PUT', `/api/presupuestos/${PRESUPUESTO_ID}`)[0]?.body).toMatchObject({
      contacto: { nombre: 'Marta Vidal', telefono: '971 000 111', correo: 'marta@calamajor.test' },
    });
  });

  it('a rental adds "Contacto en obra"; both are sent', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: {
        data: anAlquiler({ contacto: { nombre: 'Joan Ferrer', correo: 'joan@llevant.test' } }),
      },
    }));
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: anAlquiler() } }));
    const { router } = renderComercial(`/alquileres/${ALQUILER_ID}/editar`, { fake });
    const contacto = await screen.findByRole('group', { name: 'Contacto' }, LAZY);
    const obra = screen.getByRole('group', { name: 'Contacto en obra' });
    expect((within(contacto).getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe(
      'joan@llevant.test',
    );
    await user.type(within(obra).getByLabelText('Nombre'), 'Pep Mas (encargado)');
    await user.type(within(obra).getByLabelText('Teléfono'), '600 123 456');
    await cancelarPregunta(router);
    await guardarYRedirigir(
      router,
      'Guardar cambios',
      `/alquileres/${ALQUILER_ID}`,
      'Alquiler actualizado',
    );
    expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}`)).toHaveLength(1);
    expect(fake.callsTo('PUT', `/api/alquileres/${ALQUILER_ID}`)[0]?.body).toMatchObject({
      contacto: { nombre: 'Joan Ferrer', correo: 'joan@llevant.test' },
      contactoObra: { nombre: 'Pep Mas (encargado)', telefono: '600 123 456' },
    });
  });

  it('the details show them: the quote under Obra, the rental in its Obra card', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/presupuestos/${PRESUPUESTO_ID}`, () => ({
      body: {
        data: aPresupuesto({ contacto: { nombre: 'Marta Vidal', telefono: '971 000 111' } }),
      },
    }));
    const { unmount } = renderComercial(`/presupuestos/${PRESUPUESTO_ID}`, { fake });
    expect(await screen.findByText('Marta Vidal · 971 000 111', {}, LAZY)).toBeTruthy();
    unmount();
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({
      body: {
        data: anAlquiler({
          contacto: { nombre: 'Joan Ferrer', correo: 'joan@llevant.test' },
          contactoObra: { nombre: 'Pep Mas', telefono: '600 123 456' },
        }),
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}`, { fake });
    expect(
      await screen.findByText('Contacto: Joan Ferrer · joan@llevant.test', {}, LAZY),
    ).toBeTruthy();
    expect(screen.getByText('Contacto en obra: Pep Mas · 600 123 456')).toBeTruthy();
  });
});

// Issue 14: a refused save listed "lineas: …" and "clienteId: …" and marked no field.
describe('a refused save (issue 14)', () => {
  it('a quote sent empty goes nowhere: Cliente says why and has the focus; the missing lines are said in words', async () => {
    const fake = createFakeApi();
    conPickers(fake);
    renderComercial('/presupuestos/nuevo', { fake });
    await screen.findByRole('heading', { name: 'Nuevo presupuesto' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Crear presupuesto' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe(
      'Datos inválidos. Revisa los campos marcados.Añade al menos una línea',
    );
    const cliente = screen.getByRole('combobox', { name: 'Cliente' });
    expectCampoInvalido(cliente, 'El cliente es obligatorio');
    await waitFor(() => expect(document.activeElement).toBe(cliente));
    expect(fake.callsTo('POST', '/api/presupuestos')).toHaveLength(0);
    // Choosing a provisional client takes the client's message away at once.
    await clienteProvisional();
    expect(screen.queryByText('El cliente es obligatorio')).toBeNull();
  });

  it("a rental's refusal by the server: the cash limit on Forma de pago, a line's error with its number in the alert", async () => {
    const fake = createFakeApi();
    conPickers(fake);
    fake.on('GET', `/api/alquileres/${ALQUILER_ID}`, () => ({ body: { data: anAlquiler() } }));
    fake.on('PUT', `/api/alquileres/${ALQUILER_ID}`, () => ({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: [
          'fianza.formaPago: No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)',
          'lineas[0].cantidad: La cantidad no puede bajar de lo entregado',
        ],
      },
    }));
    renderComercial(`/alquileres/${ALQUILER_ID}/editar`, { fake });
    await screen.findByRole('heading', { name: 'Editar alquiler A2026-00012' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe(
      'Datos inválidos. Revisa los campos marcados.Línea 1: La cantidad no puede bajar de lo entregado',
    );
    expectCampoInvalido(
      screen.getByRole('combobox', { name: 'Forma de pago' }),
      'No se admiten pagos en efectivo de 1.000 € o más (Ley 7/2012, art. 7)',
    );
  });
});
