import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { diaEnMadrid, formatFecha, sumarDias, type Role } from '@tvsistema/domain';
import { useLocation } from 'react-router';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { aMaquina, MAQUINA_ID } from '../testing/fixtures.js';
import { renderMaquina } from '../testing/render-maquina.js';
import { MaquinaDetailPage } from './maquina-detail-page.js';

const user = userEvent.setup({ delay: null });
const RECORD = `/api/maquinaria/${MAQUINA_ID}`;

const ListProbe = () => {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <div>
      <h1>Listado</h1>
      {flash && <p>{flash}</p>}
    </div>
  );
};

const renderDetail = (
  fake: FakeApi,
  {
    roles = ['administracion'],
    path = `/maquinaria/${MAQUINA_ID}`,
  }: { roles?: Role[]; path?: string } = {},
) =>
  renderMaquina(<MaquinaDetailPage />, {
    path,
    routePath: '/maquinaria/:maquinariaId',
    roles,
    fake,
    routes: [
      { path: '/maquinaria', element: <ListProbe /> },
      { path: '/maquinaria/:maquinariaId/editar', element: <h1>Pantalla editar</h1> },
    ],
  });

const withMaquina = (overrides: Parameters<typeof aMaquina>[0] = {}) => {
  const fake = createFakeApi();
  let maquina = aMaquina(overrides);
  fake.on('GET', RECORD, () => ({ body: { data: maquina } }));
  return {
    fake,
    set: (next: Parameters<typeof aMaquina>[0]) => {
      maquina = aMaquina({ ...overrides, ...next });
    },
  };
};

describe('MaquinaDetailPage (inventario.md §5.3)', () => {
  it('shows the header, estado, avisos strip, actions and the Resumen', async () => {
    const { fake } = withMaquina({
      avisos: [
        { codigo: 'ce', nivel: 'error', mensaje: 'Falta la declaración CE de conformidad' },
        {
          codigo: 'rev',
          nivel: 'aviso',
          mensaje: 'Próxima revisión: Anual (20/04/2026 o 2.000,0 h)',
        },
      ],
    });
    renderDetail(fake);
    expect(screen.getByText('Cargando máquina…')).toBeTruthy();
    const heading = await screen.findByRole('heading', { level: 1, name: /MEX-001/ });
    expect(within(heading).getByText('Disponible')).toBeTruthy();
    expect(screen.getByText('Kubota U17-3 · 1.845,5 h')).toBeTruthy();
    const avisos = screen.getByRole('region', { name: 'Avisos' });
    expect(within(avisos).getByText('Falta la declaración CE de conformidad')).toBeTruthy();
    expect(within(avisos).getByText(/Próxima revisión: Anual/)).toBeTruthy();
    for (const name of [
      'Editar',
      'Registrar horómetro',
      'Imprimir ficha',
      'Dar de baja',
      'Eliminar',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Reactivar' })).toBeNull();
    for (const name of ['Resumen', 'Ocupación', 'Horómetro', 'Historial']) {
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    }
    expect(screen.getByText('95,00 €')).toBeTruthy();
    expect(screen.getByText('21.500,00 €')).toBeTruthy();
    expect(screen.getByText('3.480 × 990 × 2.300 mm')).toBeTruthy();
  });

  it('an empleado may record readings but sees no Editar, Dar de baja nor Eliminar', async () => {
    const { fake } = withMaquina();
    renderDetail(fake, { roles: ['empleado'] });
    await screen.findByRole('heading', { level: 1, name: /MEX-001/ });
    expect(screen.getByRole('button', { name: 'Registrar horómetro' })).toBeTruthy();
    for (const name of ['Editar', 'Dar de baja', 'Eliminar', 'Reactivar']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await user.click(screen.getByRole('button', { name: 'Registrar horómetro' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByLabelText('Sustitución del horómetro')).toBeNull();
  });

  it('"Editar" opens the form', async () => {
    const { fake } = withMaquina();
    const { router } = renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/maquinaria/${MAQUINA_ID}/editar`),
    );
  });

  it('"Registrar horómetro" posts {fecha, lectura} and shows R9 on the field', async () => {
    const { fake, set } = withMaquina();
    const message =
      'La lectura (1.800,0 h) no puede ser menor que la última registrada (1.845,5 h el 02/03/2026)';
    fake.on('POST', `${RECORD}/horometro`, ({ body }) =>
      (body as { lectura: string }).lectura === '1800.0'
        ? { status: 400, body: { message: 'Datos inválidos', errors: [`lectura: ${message}`] } }
        : { status: 201, body: { data: {} } },
    );
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Registrar horómetro' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('Fecha') as HTMLInputElement).value).toBe(diaEnMadrid());
    await user.type(dialog.getByLabelText('Lectura (h)'), '1800,0');
    await user.click(dialog.getByRole('button', { name: 'Registrar lectura' }));
    expect(await dialog.findByText(message)).toBeTruthy();

    set({ horometro: '1850.0' });
    await user.clear(dialog.getByLabelText('Lectura (h)'));
    await user.type(dialog.getByLabelText('Lectura (h)'), '1850');
    await user.click(dialog.getByRole('button', { name: 'Registrar lectura' }));
    expect(await screen.findByText('Lectura registrada: 1.850,0 h')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('POST', `${RECORD}/horometro`).at(-1)?.body).toEqual({
      fecha: diaEnMadrid(),
      lectura: '1850',
    });
    expect(await screen.findByText('Kubota U17-3 · 1.850,0 h')).toBeTruthy();
  });

  it('administración records a meter replacement with its motivo', async () => {
    const { fake } = withMaquina();
    fake.on('POST', `${RECORD}/horometro`, () => ({ status: 201, body: { data: {} } }));
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Registrar horómetro' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Lectura (h)'), '0');
    await user.click(dialog.getByLabelText('Sustitución del horómetro'));
    await user.click(dialog.getByRole('button', { name: 'Registrar lectura' }));
    expect(await dialog.findByText('Indica el motivo (de 5 a 200 caracteres)')).toBeTruthy();
    await user.type(dialog.getByLabelText('Motivo de la sustitución'), 'Horómetro averiado');
    await user.click(dialog.getByRole('button', { name: 'Registrar lectura' }));
    await waitFor(() => expect(fake.callsTo('POST', `${RECORD}/horometro`)).toHaveLength(1));
    expect(fake.callsTo('POST', `${RECORD}/horometro`)[0]?.body).toMatchObject({
      lectura: '0',
      reinicio: true,
      motivo: 'Horómetro averiado',
    });
  });

  it('"Dar de baja" asks with the §5.3 text and posts fecha, motivo, detalle and version', async () => {
    const { fake, set } = withMaquina();
    fake.on('POST', `${RECORD}/baja`, () => {
      set({ estado: 'baja', baja: { fecha: diaEnMadrid(), motivo: 'venta', detalle: null } });
      return { body: { data: aMaquina({ estado: 'baja' }) } };
    });
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Dar de baja' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('¿Dar de baja MEX-001? Dejará de ofrecerse en presupuestos y alquileres.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Dar de baja' }));
    expect(await dialog.findByText('Elige el motivo de la baja')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('Motivo'), 'Venta');
    await user.type(dialog.getByLabelText('Detalle'), 'Vendida a Excavaciones Manacor');
    await user.click(dialog.getByRole('button', { name: 'Dar de baja' }));
    expect(await screen.findByText('Máquina dada de baja')).toBeTruthy();
    expect(fake.callsTo('POST', `${RECORD}/baja`)[0]?.body).toEqual({
      fecha: diaEnMadrid(),
      motivo: 'venta',
      detalle: 'Vendida a Excavaciones Manacor',
      version: 3,
    });
    // Now in baja: Reactivar instead of Dar de baja, no Editar.
    expect(await screen.findByRole('button', { name: 'Reactivar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dar de baja' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('shows the 409 of a rented machine in the baja dialog', async () => {
    const { fake } = withMaquina();
    fake.on('POST', `${RECORD}/baja`, () => ({
      status: 409,
      body: { message: 'La máquina tiene reservas futuras: A2026-00012 (10/03/2026–20/03/2026)' },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Dar de baja' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Motivo'), 'Desguace');
    await user.click(dialog.getByRole('button', { name: 'Dar de baja' }));
    expect(
      await dialog.findByText(
        'La máquina tiene reservas futuras: A2026-00012 (10/03/2026–20/03/2026)',
      ),
    ).toBeTruthy();
  });

  it('"Reactivar" posts motivo and version', async () => {
    const { fake } = withMaquina({
      estado: 'baja',
      baja: { fecha: '2026-02-01', motivo: 'otro', detalle: null },
    });
    fake.on('POST', `${RECORD}/reactivar`, () => ({ body: { data: aMaquina() } }));
    renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Reactivar' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Motivo'), 'Recuperada del taller');
    await user.click(dialog.getByRole('button', { name: 'Reactivar' }));
    expect(await screen.findByText('Máquina reactivada')).toBeTruthy();
    expect(fake.callsTo('POST', `${RECORD}/reactivar`)[0]?.body).toEqual({
      motivo: 'Recuperada del taller',
      version: 3,
    });
  });

  it('"Eliminar" sends the version; a 409 (R15) is shown, a 204 goes to the list', async () => {
    const { fake } = withMaquina();
    let refuse = true;
    const r15 =
      'No se puede eliminar MEX-001: tiene 2 reservas y 0 movimientos. Dala de baja (o desactívalo) en su lugar.';
    fake.on('DELETE', RECORD, () =>
      refuse ? { status: 409, body: { message: r15 } } : { status: 204 },
    );
    const { router } = renderDetail(fake);
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Eliminar' }));
    expect(await dialog.findByText(r15)).toBeTruthy();
    expect(fake.callsTo('DELETE', RECORD)[0]?.query.get('version')).toBe('3');
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Máquina MEX-001 eliminada')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/maquinaria');
  });

  it('"Eliminar" is offered only when R15 allows it (the detail’s eliminable)', async () => {
    const { fake } = withMaquina({ eliminable: false });
    renderDetail(fake);
    expect(await screen.findByRole('button', { name: 'Dar de baja' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('the Horómetro tab lists the readings and marks replacements', async () => {
    const { fake } = withMaquina();
    fake.on('GET', `${RECORD}/horometro`, () => ({
      body: {
        data: [
          {
            _id: 'l2',
            fecha: '2026-03-05',
            lectura: '12.0',
            origen: 'manual',
            referencia: null,
            reinicio: true,
            motivo: 'Horómetro sustituido',
            registradoPor: 'admin@tvsistema.test',
            registradoEn: '2026-03-05T09:00:00.000Z',
          },
          {
            _id: 'l1',
            fecha: '2026-03-02',
            lectura: '1845.5',
            origen: 'devolucion',
            referencia: 'AR2026-00004',
            reinicio: false,
            motivo: null,
            registradoPor: 'empleado@tvsistema.test',
            registradoEn: '2026-03-02T17:00:00.000Z',
          },
        ],
      },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Horómetro' }));
    const table = await screen.findByRole('table', { name: 'Lecturas del horómetro' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Lectura', 'Origen', 'Referencia', 'Usuario']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Sustitución')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('12,0 h')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Devolución')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('AR2026-00004')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('05/03/2026')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('empleado@tvsistema.test')).toBeTruthy();
  });

  it('the Ocupación tab asks for 90 days from hoy and moves by 30 days', async () => {
    const { fake } = withMaquina();
    const hoy = diaEnMadrid();
    fake.on('GET', `${RECORD}/ocupacion`, ({ query }) => ({
      body: {
        data:
          query.get('desde') === hoy
            ? [
                {
                  _id: 'b1',
                  origenTipo: 'alquiler',
                  origenId: 'a1',
                  numero: 'A2026-00012',
                  etiqueta: 'A2026-00012 · Construcciones Llevant, S.L.',
                  desde: hoy,
                  hasta: sumarDias(hoy, 10),
                  preparacionHasta: null,
                  estado: 'activo',
                  enCurso: false,
                },
              ]
            : [],
      },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Ocupación' }));
    const link = await screen.findByRole('link', {
      name: 'A2026-00012 · Construcciones Llevant, S.L.',
    });
    expect(link.getAttribute('href')).toBe('/alquileres/a1');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Alquiler')).toBeTruthy();
    expect(within(row).getByText('Reservada')).toBeTruthy();
    // The strip: the booking's 11 days of 90 in blue from the left edge.
    const tramo = document.querySelector('.ocupacion-strip .ocupacion-alquiler') as HTMLElement;
    expect(tramo.style.left).toBe('0%');
    expect(Number.parseFloat(tramo.style.width)).toBeCloseTo((11 / 90) * 100, 3);
    // The booking in the strip names and links its rental, for the pointer only.
    expect(tramo.textContent).toBe('A2026-00012 · Construcciones Llevant, S.L.');
    expect(tramo.getAttribute('href')).toBe('/alquileres/a1');
    expect(tramo.getAttribute('tabindex')).toBe('-1');
    expect(
      screen.getByText(`${formatFecha(hoy)} – ${formatFecha(sumarDias(hoy, 89))}`),
    ).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('GET', `${RECORD}/ocupacion`)[0]?.query ?? [])).toEqual({
      desde: hoy,
      hasta: sumarDias(hoy, 89),
    });

    await user.click(screen.getByRole('button', { name: '30 días después' }));
    expect(await screen.findByText('Sin reservas ni mantenimientos en este periodo')).toBeTruthy();
    expect(fake.callsTo('GET', `${RECORD}/ocupacion`).at(-1)?.query.get('desde')).toBe(
      sumarDias(hoy, 30),
    );
  });

  it('the Ocupación tab shows a maintenance finished today as "Finalizado" and a planned one as "Programado", a rental returned today as "Finalizada" and one booked to today as "Reservada"', async () => {
    const { fake } = withMaquina();
    const hoy = diaEnMadrid();
    const bloqueo = (
      origenTipo: 'mantenimiento' | 'alquiler',
      id: string,
      numero: string,
      finalizado: boolean,
    ) => ({
      _id: id,
      origenTipo,
      origenId: `m-${id}`,
      numero,
      etiqueta: numero,
      desde: sumarDias(hoy, -2),
      hasta: hoy,
      preparacionHasta: null,
      estado: 'activo',
      enCurso: false,
      finalizado,
      vencido: false,
    });
    fake.on('GET', `${RECORD}/ocupacion`, () => ({
      body: {
        data: [
          bloqueo('mantenimiento', 'b1', 'Cambio de aceite', true),
          bloqueo('mantenimiento', 'b2', 'Pintura', false),
          bloqueo('alquiler', 'b3', 'A2026-00354', true),
          bloqueo('alquiler', 'b4', 'A2026-00355', false),
        ],
      },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Ocupación' }));
    const fila = async (texto: string) =>
      (await screen.findByText(texto)).closest('tr') as HTMLElement;
    expect(within(await fila('Cambio de aceite')).getByText('Finalizado')).toBeTruthy();
    expect(within(await fila('Pintura')).getByText('Programado')).toBeTruthy();
    // Both rentals end today: only the answer tells the returned one from the one still booked.
    // (the strip, hidden from assistive tech, links them too: the table's link is the row's)
    const filaAlquiler = async (numero: string) =>
      (await screen.findByRole('link', { name: numero })).closest('tr') as HTMLElement;
    expect(within(await filaAlquiler('A2026-00354')).getByText('Finalizada')).toBeTruthy();
    expect(within(await filaAlquiler('A2026-00355')).getByText('Reservada')).toBeTruthy();
  });

  it('the Historial tab reads …/historial', async () => {
    const { fake } = withMaquina();
    fake.on('GET', `${RECORD}/historial`, () => ({
      body: { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } },
    }));
    renderDetail(fake);
    await user.click(await screen.findByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Sin cambios registrados.')).toBeTruthy();
  });

  it('a bad id says "Identificador de máquina inválido."', async () => {
    renderDetail(createFakeApi(), { path: '/maquinaria/xyz' });
    expect(screen.getByText('Identificador de máquina inválido.')).toBeTruthy();
  });

  it('shows "Máquina no encontrada" for a 404', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ status: 404, body: { message: 'Máquina no encontrada' } }));
    renderDetail(fake);
    expect(await screen.findByText('Máquina no encontrada')).toBeTruthy();
  });
});
