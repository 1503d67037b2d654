import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sumarDias, type ParteTrabajo } from '@tvsistema/domain';
import { createFakeApi, type FakeResponse } from '../../../testing/fake-api.js';
import { expectCampoInvalido } from '../../../testing/invalid-field.js';
import { anObra, anObraResumen, anOperario, aPage } from '../testing/fixtures.js';
import { renderObra } from '../testing/render-obra.js';
import { ObraFormPage } from './obra-form-page.js';
import { ObraListPage } from './obra-list-page.js';
import { stubListWidth } from '../../../testing/list-width.js';
import { useDocumentTitle } from '../../../lib/page-title.js';

// flota-obras.md §5.5–5.6 as a user sees them.

const user = userEvent.setup({ delay: null });
const OBRA_URL = /^\/api\/obras\/11111111-1111-4111-8111-111111111111$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('obras screens', () => {
  it('lists works as cards with code, state, client, place and progress; the default filter leaves out closed works', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras', () => ({
      body: aPage([
        anObraResumen({ estado: 'en_curso', alertas: ['Fin previsto superado'], miembros: 3 }),
      ]),
    }));
    renderObra(<ObraListPage />, { path: '/obras', fake });
    expect(screen.getByRole('heading', { name: 'Gestión de Obras' })).toBeTruthy();
    expect(await screen.findByText('OB2026-00001')).toBeTruthy();
    expect(screen.getAllByText('En curso').some((e) => e.classList.contains('badge'))).toBe(true);
    expect(screen.getByText('Fin previsto superado')).toBeTruthy();
    expect(screen.getByText('Comunidad de Propietarios Edificio Es Born')).toBeTruthy();
    expect(screen.getByText('PASSEIG DEL BORN 15, PALMA')).toBeTruthy();
    expect(screen.getByText('35 %')).toBeTruthy();
    expect(screen.getByText('09/03/2026 – 30/04/2026 · 3 en el equipo')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/obras')[0]?.query.get('estado')).toBe(
      'presupuestada,planificada,en_curso,pausada',
    );
    expect(screen.getByRole('link', { name: 'Nueva Obra' })).toBeTruthy();
  });

  it('the detail modal names its obra in the page title while open, and the title returns on closing', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras', () => ({ body: aPage([anObraResumen()]) }));
    fake.on('GET', OBRA_URL, () => ({ body: { data: anObra() } }));
    // The root route sets the title in the app (app-root.tsx).
    const ConTitulo = () => {
      useDocumentTitle();
      return <ObraListPage />;
    };
    renderObra(<ConTitulo />, {
      path: '/obras?obra=11111111-1111-4111-8111-111111111111',
      fake,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la Obra' });
    expect(await within(dialog).findByText('Rehabilitación de fachada principal')).toBeTruthy();
    expect(document.title).toBe(
      'OB2026-00001 Rehabilitación de fachada principal · Gestión de Obras · TVSistema',
    );
    // The footer's "Cerrar" (the header's × is named "Cerrar" too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.title).toBe('Gestión de Obras · TVSistema');
  });

  it('says so when there are no works, and hides "Nueva Obra" from the verticales role', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras', () => ({ body: aPage([]) }));
    renderObra(<ObraListPage />, { path: '/obras', fake, roles: ['verticales'] });
    expect(
      await screen.findByText(
        'Aún no hay obras - Crea tu primera obra para planificar equipos y partes de trabajo.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nueva Obra' })).toBeNull();
  });

  it('scenario 14 (screen): the Equipo tab warns that the team breaks the rule, with each reason', async () => {
    const fake = createFakeApi();
    const obra = anObra({
      equipo: [
        {
          operarioId: '33333333-3333-4333-8333-333333333333',
          rol: 'supervisor',
          nombre: 'Rafel Serra Bonet',
          documento: '43187654W',
          certificacion: 'IRATA N3 · vence 14/05/2027',
          aptitud: { apto: true, nivel: 3, motivos: [], vence: null, estado: 'apto' },
        },
      ],
      aptitud: {
        cumple: false,
        errores: ['equipo: Se necesitan al menos 2 operarios aptos el 09/03/2026 (hay 1)'],
      },
    });
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    fake.on('GET', '/api/operarios', () => ({
      body: aPage([
        anOperario(),
        anOperario({
          _id: '44444444-4444-4444-8444-444444444444',
          nombreCompleto: 'Marta Oliver Fiol',
          documento: '43111222B',
        }),
      ]),
    }));
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar?tab=equipo`,
      routePath: '/obras/:id/editar',
      fake,
    });
    expect(
      await screen.findByText(
        'El equipo no cumple la regla: al menos 2 operarios aptos y uno de nivel 3',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('equipo: Se necesitan al menos 2 operarios aptos el 09/03/2026 (hay 1)'),
    ).toBeTruthy();
    const fila = screen.getByRole('row', { name: /Rafel Serra Bonet/ });
    expect(within(fila).getByText('IRATA N3 · vence 14/05/2027')).toBeTruthy();
    expect(within(fila).getByText('Apto')).toBeTruthy();
    // §5.6 columns PRL and Reconocimiento médico, from the operario's record.
    expect(await within(fila).findByText('PRL trabajos en altura')).toBeTruthy();
    expect(within(fila).getByText('Apto · vence 05/01/2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar obra' })).toBeTruthy();

    // "Añadir operario" is a typeahead of the active operarios not yet in the team.
    await user.type(screen.getByLabelText('Añadir operario'), 'rafel');
    expect(await screen.findByText('No se encontraron resultados.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Añadir operario'));
    await user.type(screen.getByLabelText('Añadir operario'), 'oliver');
    await user.click(await screen.findByRole('option', { name: 'Marta Oliver Fiol (43111222B)' }));
    await user.click(screen.getByRole('button', { name: 'Añadir operario' }));
    expect(await screen.findByRole('row', { name: /Marta Oliver Fiol/ })).toBeTruthy();
  });

  it('Seguridad y documentos: a document goes up with its Categoría, Fecha del documento and Vence (§2.3), listed with both dates', async () => {
    const fake = createFakeApi();
    const obra = anObra();
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    fake.on('GET', /^\/api\/obras\/[0-9a-f-]+\/documentos$/, () => ({
      body: {
        data: [
          {
            _id: 'doc-1',
            nombre: 'plan-seguridad.pdf',
            categoria: 'plan_seguridad',
            mime: 'application/pdf',
            tamano: 1024,
            fechaDocumento: '2026-02-20',
            vencimiento: '2027-02-20',
            createdAt: '2026-03-01T09:00:00.000Z',
            createdBy: 'arquitecto@tvsistema.test',
          },
        ],
      },
    }));
    const enviados: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        enviados.push(init.body as FormData);
        return new Response(JSON.stringify({ data: {} }), { status: 201 });
      }),
    );
    try {
      renderObra(<ObraFormPage mode="edit" />, {
        path: `/obras/${obra._id}/editar?tab=seguridad`,
        routePath: '/obras/:id/editar',
        fake,
      });
      const fila = await screen.findByRole('row', { name: /plan-seguridad\.pdf/ });
      expect(within(fila).getByText('20/02/2026')).toBeTruthy();
      expect(within(fila).getByText('20/02/2027')).toBeTruthy();
      await user.selectOptions(screen.getByLabelText('Categoría'), 'plan_seguridad');
      await user.type(screen.getByLabelText('Fecha del documento'), '2026-03-02');
      await user.type(screen.getByLabelText('Vence'), '2027-03-02');
      await user.upload(
        screen.getByLabelText('Archivo'),
        new File(['%PDF-1.4'], 'evaluacion.pdf', { type: 'application/pdf' }),
      );
      // The Spanish picker (issue 14) names the chosen file, and lets it go once uploaded.
      expect(screen.getByRole('button', { name: 'Seleccionar archivo' })).toBeTruthy();
      expect(screen.getByText('evaluacion.pdf')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Subir documento' }));
      expect(await screen.findByText('Documento subido')).toBeTruthy();
      expect(screen.getByText('Ningún archivo seleccionado')).toBeTruthy();
      const campos = Object.fromEntries(
        [...(enviados[0]?.entries() ?? [])].filter(([, v]) => typeof v === 'string'),
      );
      expect(campos).toEqual({
        categoria: 'plan_seguridad',
        fechaDocumento: '2026-03-02',
        vencimiento: '2027-03-02',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('scenario 18 (screen): "Nuevo parte" is disabled unless the work is in progress', async () => {
    const fake = createFakeApi();
    const obra = anObra({ estado: 'finalizada', progreso: 100 });
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    fake.on('GET', /\/partes-trabajo$/, () => ({ body: aPage([]) }));
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar?tab=partes`,
      routePath: '/obras/:id/editar',
      fake,
    });
    const boton = await screen.findByRole('button', { name: 'Nuevo parte' });
    expect((boton as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Solo se registran partes en obras en curso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
  });

  it('a closed parte opens as a detail view with its PDF and "Reabrir parte", not a disabled form', async () => {
    const fake = createFakeApi();
    const obra = anObra({ estado: 'en_curso', fechaInicioReal: '2026-03-02' });
    const parte: ParteTrabajo = {
      _id: '44444444-4444-4444-8444-444444444444',
      obraId: obra._id,
      numero: 'PT2026-00007',
      fecha: '2026-03-12',
      estado: 'cerrado',
      trabajoEnCuerda: true,
      operarios: [
        {
          operarioId: '33333333-3333-4333-8333-333333333333',
          nombre: 'Rafel Serra Bonet',
          horas: '7.50',
        },
      ],
      horasTotales: '7.50',
      tareas: 'Sellado de juntas en la fachada norte',
      incidencias: [{ tipo: 'meteorologia', descripcion: 'Rachas de viento a media mañana' }],
      meteorologia: { vientoKmh: 35, lluvia: false },
      avance: 40,
      observaciones: null,
      fotos: 0,
      cerradoPor: 'Laura Vidal',
      cerradoAt: '2026-03-12T16:30:00.000Z',
      version: 2,
      createdAt: '2026-03-12T08:00:00.000Z',
      createdBy: 'arquitecto@tvsistema.test',
      updatedAt: '2026-03-12T16:30:00.000Z',
      updatedBy: 'arquitecto@tvsistema.test',
    };
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    fake.on('GET', /\/partes-trabajo$/, () => ({ body: aPage([parte]) }));
    fake.on('GET', /\/fotos$/, () => ({ body: { data: [] } }));
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar?tab=partes`,
      routePath: '/obras/:id/editar',
      fake,
    });
    await user.click(await screen.findByRole('button', { name: 'Ver PT2026-00007' }));
    const modal = await screen.findByRole('dialog', { name: 'Parte de trabajo PT2026-00007' });
    const dato = (termino: string) =>
      within(modal).getByText(termino, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(dato('Fecha')).toBe('12/03/2026');
    expect(dato('Operarios')).toBe('Rafel Serra Bonet: 7,50 h');
    expect(dato('Tareas realizadas')).toBe('Sellado de juntas en la fachada norte');
    expect(dato('Incidencias')).toBe('Meteorología: Rachas de viento a media mañana');
    expect(dato('Avance de la obra (%)')).toBe('40 %');
    expect(dato('Cerrado por')).toBe('Laura Vidal · 12/03/2026 17:30');
    // No disabled copy of the form: only the reopening's reason is a field.
    expect(within(modal).queryByLabelText('Tareas realizadas')).toBeNull();
    expect(
      within(modal)
        .getAllByRole('textbox')
        .map((t) => t.id),
    ).toHaveLength(1);
    expect(within(modal).getByLabelText('Motivo de la reapertura')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'PDF' })).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Reabrir parte' })).toBeTruthy();
  });

  it('the Datos tab offers Avance (%) while the work runs, not once it is finalizada', async () => {
    const fake = createFakeApi();
    let obra = anObra({ estado: 'en_curso', fechaInicioReal: '2026-03-02', progreso: 40 });
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    const { unmount } = renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar`,
      routePath: '/obras/:id/editar',
      fake,
    });
    expect(((await screen.findByLabelText('Avance (%)')) as HTMLInputElement).value).toBe('40');
    unmount();
    obra = anObra({
      estado: 'finalizada',
      fechaInicioReal: '2026-03-02',
      fechaFinReal: '2026-03-12',
      progreso: 100,
    });
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar`,
      routePath: '/obras/:id/editar',
      fake,
    });
    expect(await screen.findByLabelText('Fin real')).toBeTruthy();
    expect(screen.queryByLabelText('Avance (%)')).toBeNull();
  });

  it('a new work names its creator as Responsable de obra (flota-obras.md §2)', async () => {
    renderObra(<ObraFormPage mode="create" />, {
      path: '/obras/nueva',
      routePath: '/obras/nueva',
      fake: createFakeApi(),
    });
    expect(((await screen.findByLabelText('Responsable de obra')) as HTMLInputElement).value).toBe(
      'Ana Administradora',
    );
  });

  it('an empty new work marks each refused field for a screen reader, with its message (issue 14)', async () => {
    renderObra(<ObraFormPage mode="create" />, {
      path: '/obras/nueva',
      routePath: '/obras/nueva',
      fake: createFakeApi(),
    });
    await user.click(await screen.findByRole('button', { name: 'Crear Obra' }));
    expect(
      await screen.findByText('El nombre de la obra debe tener entre 3 y 150 caracteres'),
    ).toBeTruthy();
    expectCampoInvalido(
      screen.getByLabelText('Nombre de la obra'),
      'El nombre de la obra debe tener entre 3 y 150 caracteres',
    );
    expectCampoInvalido(screen.getByLabelText('Tipo de trabajo'), 'Elige el tipo de trabajo');
    // The address too, with the rest: its first missing choice, the city.
    expectCampoInvalido(
      screen.getByRole('combobox', { name: 'Ciudad' }),
      'Elige la ciudad de la obra',
    );
  });

  it('checks the address again when Palma arrives after an empty form was sent', async () => {
    const fake = createFakeApi();
    let responder: (value: FakeResponse) => void = () => undefined;
    // The last handler that matches answers: Palma's chain, then the country held back.
    const NOMBRES: Record<string, string> = { provincias: 'ILLES BALEARS' };
    fake.on('GET', /^\/api\/localizacion\//, ({ path }) => ({
      body: {
        success: true,
        data: [{ _id: path, nombre: NOMBRES[path.split('/').at(-1) ?? ''] ?? 'PALMA' }],
      },
    }));
    fake.on(
      'GET',
      '/api/localizacion/paises',
      () => new Promise<FakeResponse>((r) => (responder = r)),
    );
    renderObra(<ObraFormPage mode="create" />, {
      path: '/obras/nueva',
      routePath: '/obras/nueva',
      fake,
    });
    await user.click(await screen.findByRole('button', { name: 'Crear Obra' }));
    expect(await screen.findByText('Elige la ciudad de la obra')).toBeTruthy();
    responder({ body: { success: true, data: [{ _id: 'es', nombre: 'ESPAÑA' }] } });
    expect(await screen.findByText('Elige la calle de la obra')).toBeTruthy();
    expect(screen.queryByText('Elige la ciudad de la obra')).toBeNull();
  });

  it('shows a failed start with every refused precondition', async () => {
    const fake = createFakeApi();
    const obra = anObra();
    fake.on('GET', OBRA_URL, () => ({ body: { data: obra } }));
    fake.on('POST', /\/estado$/, () => ({
      status: 409,
      body: {
        message: 'No se puede iniciar la obra',
        errors: ['documentos: Falta el plan de seguridad y salud o la evaluación de riesgos'],
      },
    }));
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${obra._id}/editar?tab=seguridad`,
      routePath: '/obras/:id/editar',
      fake,
    });
    await user.click(await screen.findByRole('button', { name: 'Iniciar obra' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('No se puede iniciar la obra')).toBeTruthy();
    expect(
      screen.getByText('documentos: Falta el plan de seguridad y salud o la evaluación de riesgos'),
    ).toBeTruthy();
  });

  it('"Iniciar obra": once started its button is gone, and the focus goes to the heading, not to the page body (issue 14)', async () => {
    const fake = createFakeApi();
    let iniciada = false;
    fake.on('GET', OBRA_URL, () => ({
      body: { data: anObra(iniciada ? { estado: 'en_curso', version: 2 } : {}) },
    }));
    fake.on('POST', /\/estado$/, () => {
      iniciada = true;
      return { body: { data: anObra({ estado: 'en_curso', version: 2 }) } };
    });
    renderObra(<ObraFormPage mode="edit" />, {
      path: `/obras/${anObra()._id}/editar?tab=seguridad`,
      routePath: '/obras/:id/editar',
      fake,
    });
    await user.click(await screen.findByRole('button', { name: 'Iniciar obra' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Iniciar obra' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('the Clientes tab is the party list of /api/obras/clientes; Editar opens the party form in a modal', async () => {
    const fake = createFakeApi();
    const cliente = {
      _id: '22222222-2222-4222-8222-222222222222',
      nombre: 'Hotel Cala Major, S.A.',
      documento: 'A07334410',
      empresa: 'verticales',
      activo: true,
      archivos: [],
      contactos: [{ nombre: 'Ana Pons', telefono: null, correo: null }],
      observaciones: [],
      direccion: anObra().direccion,
      cuentaContableCliente: null,
      cuentaContableVenta: null,
      cuentaContableRetencion: null,
      version: 4,
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    };
    const CLIENTE_URL = `/api/obras/clientes/${cliente._id}`;
    fake.on('GET', '/api/obras/clientes', () => ({ body: aPage([cliente]) }));
    fake.on('GET', CLIENTE_URL, () => ({ body: { data: cliente } }));
    fake.on('PUT', CLIENTE_URL, ({ body }) => ({
      body: { data: { ...cliente, ...(body as object), version: 5 } },
    }));
    renderObra(<ObraListPage />, { path: '/obras?vista=clientes', routePath: '/obras', fake });
    // The list of the other empresas' clients (SPEC 2.12), titled under the works page's h1.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Clientes - Trabajos Verticales' }),
    ).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: /Buscar/ })).toHaveProperty(
      'placeholder',
      'Buscar por nombre o documento…',
    );
    expect(await screen.findByText('Hotel Cala Major, S.A.')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/obras/clientes')[0]?.query.get('empresa')).toBe('verticales');
    expect(screen.getByRole('link', { name: 'Nuevo Cliente' }).getAttribute('href')).toBe(
      '/obras?vista=clientes&cliente=nuevo',
    );
    // A list change keeps the Clientes tab open.
    await user.click(screen.getByRole('button', { name: 'Vista de lista' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Clientes - Trabajos Verticales' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('link', { name: /^Editar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    const nombre = await within(dialog).findByLabelText(/Nombre\/Razón social/);
    expect((nombre as HTMLInputElement).value).toBe('Hotel Cala Major, S.A.');
    await user.clear(nombre);
    await user.type(nombre, 'Hotel Cala Major');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Guardado. Redirigiendo…')).toBeTruthy();
    expect(fake.callsTo('PUT', CLIENTE_URL)[0]?.body).toMatchObject({
      nombre: 'Hotel Cala Major',
      documento: 'A07334410',
      version: 4,
    });
    // After the redirect the modal is gone and the works page shows the form's message.
    expect(await screen.findByText('Cliente actualizado', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a viewer of the works sees the verticales clients without "Nuevo Cliente" or the form', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras/clientes', () => ({ body: aPage([]) }));
    renderObra(<ObraListPage />, {
      path: '/obras?vista=clientes&cliente=nuevo',
      routePath: '/obras',
      roles: ['verticales'],
      fake,
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Clientes - Trabajos Verticales' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nuevo Cliente' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists operarios with their certification and creates one in the modal', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/operarios', () => ({ body: aPage([anOperario()]) }));
    fake.on('POST', '/api/operarios', ({ body }) => ({
      status: 201,
      body: { data: anOperario(body as object) },
    }));
    renderObra(<ObraListPage />, { path: '/obras?vista=operarios', routePath: '/obras', fake });
    const fila = await screen.findByRole('row', { name: /Rafel Serra Bonet/ });
    expect(within(fila).getByText('IRATA N3 · vence 14/05/2027')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nuevo Operario' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo Operario' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Biel');
    await user.type(within(dialog).getByLabelText('Apellidos'), 'Canyelles Mir');
    await user.type(within(dialog).getByLabelText('DNI / NIE'), '43876512X');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir certificación' }));
    await user.selectOptions(within(dialog).getByLabelText('Nivel'), '3');
    await user.type(within(dialog).getByLabelText('Emisión'), '2026-01-10');
    // The form proposes IRATA's three years.
    expect((within(dialog).getAllByLabelText('Vencimiento')[0] as HTMLInputElement).value).toBe(
      '2029-01-10',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      nombre: 'Biel',
      apellidos: 'Canyelles Mir',
      documento: '43876512X',
      certificaciones: [
        { esquema: 'irata', nivel: 3, fechaEmision: '2026-01-10', fechaVencimiento: '2029-01-10' },
      ],
    });
  });

  it('Operarios on a phone: cards with "Editar" visible, pages past the first 100, the search in the URL', async () => {
    stubListWidth(true);
    const fake = createFakeApi();
    fake.on('GET', '/api/operarios', ({ query }) => {
      const page = Number(query.get('page'));
      return {
        body: {
          data: [
            anOperario({
              _id: `33333333-3333-4333-8333-00000000000${page}`,
              nombreCompleto: page === 3 ? 'Xisco Pons Vidal' : 'Rafel Serra Bonet',
            }),
          ],
          meta: { page, limit: 50, total: 205, totalPages: 5 },
        },
      };
    });
    const { router } = renderObra(<ObraListPage />, {
      path: '/obras?vista=operarios&q=serra',
      routePath: '/obras',
      fake,
    });
    const tarjetas = await screen.findByRole('list', { name: 'Resultados' });
    const tarjeta = within(tarjetas).getByRole('listitem');
    expect(within(tarjeta).getByRole('heading', { name: 'Rafel Serra Bonet' })).toBeTruthy();
    expect(within(tarjeta).getByText('IRATA N3 · vence 14/05/2027')).toBeTruthy();
    expect(within(tarjeta).getByRole('button', { name: 'Editar Rafel Serra Bonet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.callsTo('GET', '/api/operarios')[0]?.query.get('searchTerm')).toBe('serra');
    expect(screen.getByText(/Mostrando 1.50 de 205 operarios/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByRole('heading', { name: 'Xisco Pons Vidal' })).toBeTruthy();
    expect(fake.callsTo('GET', '/api/operarios').at(-1)?.query.get('page')).toBe('3');
    expect(router.state.location.search).toBe('?q=serra&page=3&vista=operarios');
  });

  it('Operarios: a failed load says so and offers "Reintentar", not the empty text', async () => {
    const fake = createFakeApi();
    let fallos = 0;
    fake.on('GET', '/api/operarios', () =>
      fallos++ === 0
        ? { status: 500, body: { message: 'Error interno del servidor' } }
        : { body: aPage([anOperario()]) },
    );
    renderObra(<ObraListPage />, { path: '/obras?vista=operarios', routePath: '/obras', fake });
    expect(await screen.findByText('Error interno del servidor')).toBeTruthy();
    expect(
      screen.queryByText('Aún no hay operarios - Añade a tu equipo de trabajos verticales.'),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: /Rafel Serra Bonet/ })).toBeTruthy();
  });

  it('the works filters "Desde" and "Hasta" have visible labels', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras', () => ({ body: aPage([]) }));
    renderObra(<ObraListPage />, { path: '/obras?desde=2026-03-01', routePath: '/obras', fake });
    const desde = await screen.findByLabelText('Desde');
    expect((desde as HTMLInputElement).value).toBe('2026-03-01');
    expect(screen.getByText('Desde').tagName).toBe('LABEL');
    expect(screen.getByText('Hasta').tagName).toBe('LABEL');
    expect(screen.getByLabelText('Hasta').getAttribute('type')).toBe('date');
  });

  it('Planificación keeps its weeks in the URL: a link opens them, the buttons move them', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras/planificacion', ({ query }) => ({
      body: { data: { desde: query.get('desde'), hasta: query.get('hasta'), operarios: [] } },
    }));
    const { router } = renderObra(<ObraListPage />, {
      path: '/obras?vista=planificacion&semana=2026-03-11',
      routePath: '/obras',
      fake,
    });
    expect(await screen.findByText('Semana del 09/03/2026')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/obras/planificacion')[0]?.query.get('desde')).toBe(
      '2026-03-09',
    );
    await user.click(screen.getByRole('button', { name: 'Semanas siguientes' }));
    expect(await screen.findByText('Semana del 23/03/2026')).toBeTruthy();
    expect(router.state.location.search).toBe('?vista=planificacion&semana=2026-03-23');
    expect(fake.callsTo('GET', '/api/obras/planificacion').at(-1)?.query.get('hasta')).toBe(
      '2026-04-05',
    );
  });

  it('shows the planning grid: each operario per day with the works and hours, red over 12 h, yellow on a possible overlap; the days the API leaves out are free', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/obras/planificacion', ({ query }) => {
      const desde = query.get('desde') ?? '';
      return {
        body: {
          data: {
            desde,
            hasta: query.get('hasta'),
            operarios: [
              {
                _id: 'op-1',
                nombre: 'Rafel Serra Bonet',
                // Only the busy days (the API's contract): the first, the third and the last.
                dias: [
                  {
                    fecha: desde,
                    obras: ['OB2026-00001'],
                    horas: '8.00',
                    apto: true,
                    estado: 'ok',
                  },
                  {
                    fecha: sumarDias(desde, 2),
                    obras: ['OB2026-00001', 'OB2026-00004'],
                    horas: '13.00',
                    apto: true,
                    estado: 'exceso',
                  },
                  {
                    fecha: sumarDias(desde, 13),
                    obras: ['OB2026-00001', 'OB2026-00004'],
                    horas: '0.00',
                    apto: true,
                    estado: 'solape',
                  },
                ],
              },
              { _id: 'op-2', nombre: 'Marta Vidal Roig', dias: [] },
            ],
          },
        },
      };
    });
    renderObra(<ObraListPage />, { path: '/obras?vista=planificacion', routePath: '/obras', fake });
    const fila = await screen.findByRole('row', { name: /Rafel Serra Bonet/ });
    const celdas = within(fila).getAllByRole('cell');
    // A cell for each of the two weeks' days, in order, the free ones empty.
    expect(celdas.map((c) => c.textContent)).toEqual([
      'OB2026-000018,00 h',
      '',
      'OB2026-00001 OB2026-0000413,00 h',
      ...Array.from({ length: 10 }, () => ''),
      'OB2026-00001 OB2026-00004',
    ]);
    expect(within(fila).getByText('13,00 h').closest('td')?.className).toContain(
      'planificacion-exceso',
    );
    expect(celdas[1]?.className).toBe('');
    expect(celdas[13]?.className).toBe('planificacion-solape');
    expect(celdas[13]?.getAttribute('title')).toBe('Posible solape');
    const libre = await screen.findByRole('row', { name: /Marta Vidal Roig/ });
    expect(
      within(libre)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(Array.from({ length: 14 }, () => ''));
  });
});
