import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_MESSAGES } from '@tvsistema/domain';
import { INVENTARIO_MESSAGES as M } from '@tvsistema/domain/inventario';
import { createFakeApi } from '../../testing/fake-api.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import { aConcepto, aPage, SEG_DAN_ID, TRA_IDA_ID } from './testing/fixtures.js';
import { renderConceptos } from './testing/render-conceptos.js';

// The lazy routes' screens, loaded before the first test: a busy machine must not turn the
// chunk's first import into a timeout.
import './components/concepto-list-page.js';
import './components/concepto-form-page.js';
import './components/concepto-detail-page.js';

const user = userEvent.setup({ delay: null });

const NEW_ID = '0b5f5d0e-1a2b-4c3d-8e9f-0000000000aa';
const segDan = aConcepto({
  _id: SEG_DAN_ID,
  codigo: 'SEG-DAN',
  nombre: 'Seguro de daños',
  tipo: 'seguro',
  unidad: 'porcentaje',
  precio: '8.0000',
  aplicaA: 'maquinaria',
});
const fianza = aConcepto({
  _id: '0b5f5d0e-1a2b-4c3d-8e9f-000000000003',
  codigo: 'FIA-MAQ',
  nombre: 'Fianza de maquinaria',
  tipo: 'fianza',
  unidad: 'unidad',
  precio: '300.0000',
  tipoIva: 0,
  motivoIva0: 'no_sujeta',
});

describe('/conceptos list (inventario.md §5.7)', () => {
  it('shows the templates with their price, IVA and actions, active ones by default', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/conceptos', () => ({ body: aPage([aConcepto(), segDan, fianza]) }));
    renderConceptos('/conceptos?view=list', { fake });

    expect(await screen.findByRole('heading', { name: 'Conceptos de Alquiler' })).toBeTruthy();
    expect(
      screen.getByText('Plantillas de precio reutilizables en presupuestos y alquileres'),
    ).toBeTruthy();
    expect(await screen.findByText('85,00 €/viaje')).toBeTruthy();
    expect(screen.getByText('8 %')).toBeTruthy();
    expect(screen.getByText('300,00 €/ud.')).toBeTruthy();
    expect(screen.getByText('0 % no sujeta')).toBeTruthy();
    expect(screen.getAllByText('21 %')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Buscar por código o nombre…')).toBeTruthy();
    expect(fake.callsTo('GET', '/api/conceptos')[0]?.query.get('activo')).toBe('true');
    expect(screen.getByRole('link', { name: 'Nueva plantilla' }).getAttribute('href')).toBe(
      '/conceptos/nueva',
    );
    expect(screen.getByRole('button', { name: 'Imprimir tarifa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver TRA-IDA' }).getAttribute('href')).toBe(
      `/conceptos/${TRA_IDA_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Editar TRA-IDA' }).getAttribute('href')).toBe(
      `/conceptos/${TRA_IDA_ID}/editar`,
    );
    expect(screen.getByRole('link', { name: 'Duplicar TRA-IDA' }).getAttribute('href')).toBe(
      `/conceptos/nueva?desde=${TRA_IDA_ID}`,
    );
  });

  it('filters by Tipo, Aplica a and Estado', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/conceptos', () => ({ body: aPage([aConcepto()]) }));
    renderConceptos('/conceptos', { fake });
    await screen.findByText('TRA-IDA · Transporte ida — Palma y alrededores');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'fianza');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aplica a' }), 'andamios');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'todas');
    await waitFor(() => {
      const query = fake.calls.at(-1)?.query;
      expect(query?.get('tipo')).toBe('fianza');
      expect(query?.get('aplicaA')).toBe('andamios');
      expect(query?.has('activo')).toBe(false);
    });
  });

  it('says it is loading, then the empty text; a failure offers Reintentar', async () => {
    const fake = createFakeApi();
    let answer: () => { status?: number; body: unknown } = () => ({ body: aPage([]) });
    fake.on('GET', '/api/conceptos', () => answer());
    const first = renderConceptos('/conceptos', { fake });
    expect(await screen.findByText('Cargando conceptos…')).toBeTruthy();
    expect(
      await screen.findByText(
        'Aún no hay conceptos de alquiler - Crea tus plantillas (alquiler diario, transporte, montaje, fianza…) para presupuestar más rápido.',
      ),
    ).toBeTruthy();
    first.unmount();

    answer = () => ({ status: 500, body: {} });
    renderConceptos('/conceptos', { fake });
    expect(await screen.findByText('No se pudieron cargar los conceptos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('is closed to roles without conceptos.view', async () => {
    const { router } = renderConceptos('/conceptos', { roles: ['empleado'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('/conceptos/nueva and /editar (inventario.md §5.7)', () => {
  it('creates a template with the example line and lands on its detail with "Plantilla creada"', async () => {
    const fake = createFakeApi();
    fake.on('POST', '/api/conceptos', ({ body }) => ({
      status: 201,
      body: {
        data: aConcepto({ ...(body as object), _id: NEW_ID, precio: '85.0000', version: 1 }),
      },
    }));
    fake.on('GET', `/api/conceptos/${NEW_ID}`, () => ({
      body: { data: aConcepto({ _id: NEW_ID, codigo: 'TRA-VUE', version: 1 }) },
    }));
    const { router } = renderConceptos('/conceptos/nueva', { fake });

    expect(
      await screen.findByRole('heading', { name: 'Nueva plantilla de concepto' }),
    ).toBeTruthy();
    expect(screen.getByText('Se imprime en presupuestos y facturas')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Código/), 'tra-vue');
    await user.type(screen.getByLabelText(/^Nombre/), 'Transporte vuelta');
    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'transporte');
    await user.selectOptions(screen.getByLabelText(/^Unidad/), 'viaje');
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '85,00');
    expect(
      screen.getByText('Ejemplo: 2 viajes × 85,00 € = 170,00 € + IVA 21 % 35,70 € = 205,70 €'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Crear plantilla' }));
    expect(await screen.findByText('Guardado. Redirigiendo…')).toBeTruthy();
    expect(fake.callsTo('POST', '/api/conceptos')[0]?.body).toEqual({
      codigo: 'TRA-VUE',
      nombre: 'Transporte vuelta',
      tipo: 'transporte',
      aplicaA: 'todos',
      unidad: 'viaje',
      precio: '85.00',
      tipoIva: 21,
      activo: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/conceptos/${NEW_ID}`), {
      timeout: 3000,
    });
    expect(await screen.findByText('Plantilla creada')).toBeTruthy();
  });

  it('shows the field errors of the domain schema, and Fianza locks IVA at 0 % no sujeta', async () => {
    renderConceptos('/conceptos/nueva');
    await screen.findByRole('heading', { name: 'Nueva plantilla de concepto' });
    await user.click(screen.getByRole('button', { name: 'Crear plantilla' }));
    expect(
      await screen.findByText('El código admite de 2 a 20 letras, números o guiones'),
    ).toBeTruthy();
    expect(screen.getByText('Elige un tipo')).toBeTruthy();
    // A screen reader hears the refused fields and their messages (issue 14).
    expectCampoInvalido(
      screen.getByLabelText(/^Código/),
      'El código admite de 2 a 20 letras, números o guiones',
    );
    expectCampoInvalido(screen.getByLabelText(/^Tipo/), 'Elige un tipo');

    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'fianza');
    const iva = screen.getByLabelText('IVA') as HTMLSelectElement;
    await waitFor(() => expect(iva.value).toBe('0'));
    expect(iva.disabled).toBe(true);
    expect((screen.getByLabelText(/^Motivo de IVA 0 %/) as HTMLSelectElement).value).toBe(
      'no_sujeta',
    );
    expect(screen.getByText('La fianza no está sujeta a IVA (0 % no sujeta).')).toBeTruthy();

    // Leaving fianza gives back the IVA chosen before it: a transport is not left at 0 %.
    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'transporte');
    await waitFor(() => expect(iva.value).toBe('21'));
    expect(iva.disabled).toBe(false);
    expect(screen.queryByLabelText(/^Motivo de IVA 0 %/)).toBeNull();
  });

  it('Duplicar opens the form prefilled with an empty code', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/conceptos/${SEG_DAN_ID}`, () => ({ body: { data: segDan } }));
    renderConceptos(`/conceptos/nueva?desde=${SEG_DAN_ID}`, { fake });
    expect(await screen.findByDisplayValue('Seguro de daños')).toBeTruthy();
    expect((screen.getByLabelText(/^Código/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: /^Precio/ }) as HTMLInputElement).value).toBe(
      '8,00',
    );
    expect(
      screen.getByText('Ejemplo: 8 % de 1.000,00 € = 80,00 € + IVA 21 % 16,80 € = 96,80 €'),
    ).toBeTruthy();
  });

  it('sends the version it read; a stale one gets the conflict banner with Recargar', async () => {
    const fake = createFakeApi();
    let stored = aConcepto();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({ body: { data: stored } }));
    fake.on('PUT', `/api/conceptos/${TRA_IDA_ID}`, () => ({
      status: 409,
      body: { message: VERSION_MESSAGES.stale },
    }));
    renderConceptos(`/conceptos/${TRA_IDA_ID}/editar`, { fake });
    expect(await screen.findByRole('heading', { name: 'Editar plantilla TRA-IDA' })).toBeTruthy();
    const precio = screen.getByRole('textbox', { name: /^Precio/ });
    await user.clear(precio);
    await user.type(precio, '90');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(VERSION_MESSAGES.stale)).toBeTruthy();
    expect(fake.callsTo('PUT', `/api/conceptos/${TRA_IDA_ID}`)[0]?.body).toMatchObject({
      precio: '90',
      version: 3,
    });
    stored = aConcepto({ precio: '95.0000', version: 4 });
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Precio/ }) as HTMLInputElement).value).toBe(
        '95,00',
      ),
    );
  });

  it('puts a duplicate code (409 R1) on the Código field', async () => {
    const fake = createFakeApi();
    fake.on('POST', '/api/conceptos', () => ({
      status: 409,
      body: {
        message: M.codigoPlantillaDuplicado('TRA-IDA'),
        errors: [`codigo: ${M.codigoPlantillaDuplicado('TRA-IDA')}`],
      },
    }));
    renderConceptos('/conceptos/nueva', { fake });
    await user.type(await screen.findByLabelText(/^Código/), 'TRA-IDA');
    await user.type(screen.getByLabelText(/^Nombre/), 'Otro transporte');
    await user.selectOptions(screen.getByLabelText(/^Tipo/), 'transporte');
    await user.selectOptions(screen.getByLabelText(/^Unidad/), 'viaje');
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '85');
    await user.click(screen.getByRole('button', { name: 'Crear plantilla' }));
    expect(
      await screen.findAllByText('Ya existe una plantilla con el código TRA-IDA'),
    ).toHaveLength(2);
  });

  it('answers a bad id and a missing template with the §5 texts', async () => {
    const first = renderConceptos('/conceptos/no-es-un-id/editar');
    expect(await screen.findByText('Identificador de plantilla inválido.')).toBeTruthy();
    first.unmount();
    const fake = createFakeApi();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({
      status: 404,
      body: { message: 'Plantilla no encontrada' },
    }));
    renderConceptos(`/conceptos/${TRA_IDA_ID}`, { fake });
    expect(await screen.findByText('Plantilla no encontrada')).toBeTruthy();
  });
});

describe('/conceptos/:templateId detail (inventario.md §5.7)', () => {
  it('shows the template read-only with its actions and tabs', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({ body: { data: aConcepto() } }));
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}/historial`, () => ({ body: aPage([]) }));
    renderConceptos(`/conceptos/${TRA_IDA_ID}`, { fake });

    expect(await screen.findByRole('heading', { name: /TRA-IDA/ })).toBeTruthy();
    expect(screen.getByText('85,00 €/viaje')).toBeTruthy();
    expect(screen.getByText('Entrega en obra con camión grúa')).toBeTruthy();
    expect(
      screen.getByText('Ejemplo: 2 viajes × 85,00 € = 170,00 € + IVA 21 % 35,70 € = 205,70 €'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const name of ['Editar', 'Duplicar'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    for (const name of ['Desactivar', 'Eliminar']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Sin cambios registrados.')).toBeTruthy();
  });

  it('Desactivar sends the record with activo off and its version', async () => {
    const fake = createFakeApi();
    let stored = aConcepto();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({ body: { data: stored } }));
    fake.on('PUT', `/api/conceptos/${TRA_IDA_ID}`, () => {
      stored = aConcepto({ activo: false, version: 4 });
      return { body: { data: stored } };
    });
    renderConceptos(`/conceptos/${TRA_IDA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Plantilla desactivada')).toBeTruthy();
    expect(fake.callsTo('PUT', `/api/conceptos/${TRA_IDA_ID}`)[0]?.body).toMatchObject({
      codigo: 'TRA-IDA',
      activo: false,
      version: 3,
    });
    expect(await screen.findByRole('button', { name: 'Activar' })).toBeTruthy();
  });

  it('Eliminar asks first, sends the version and shows the R15 refusal', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({ body: { data: aConcepto() } }));
    fake.on('DELETE', `/api/conceptos/${TRA_IDA_ID}`, () => ({
      status: 409,
      body: { message: M.plantillaEnUso('TRA-IDA') },
    }));
    renderConceptos(`/conceptos/${TRA_IDA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('¿Eliminar la plantilla TRA-IDA?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Eliminar' }));
    expect(
      await dialog.findByText(
        'No se puede eliminar la plantilla TRA-IDA: está en uso en presupuestos o alquileres. Desactívala en su lugar.',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/conceptos/${TRA_IDA_ID}`)[0]?.query.get('version')).toBe(
      '3',
    );
  });

  it('an unused template is deleted and the list says so', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/conceptos/${TRA_IDA_ID}`, () => ({ body: { data: aConcepto() } }));
    fake.on('DELETE', `/api/conceptos/${TRA_IDA_ID}`, () => ({ status: 204 }));
    fake.on('GET', '/api/conceptos', () => ({ body: aPage([]) }));
    const { router } = renderConceptos(`/conceptos/${TRA_IDA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/conceptos'));
    expect(await screen.findByText('Plantilla TRA-IDA eliminada')).toBeTruthy();
  });
});
