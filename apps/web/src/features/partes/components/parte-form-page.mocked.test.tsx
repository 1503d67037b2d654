import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_DIRECCION, type Direccion } from '@tvsistema/domain';
import { PROVEEDOR_CONFIG } from '../parte-config.js';
import { createFakeApi, type FakeApi, type FakeResponse } from '../../../testing/fake-api.js';
import { aPage, aParte } from '../testing/fixtures.js';
import { ListProbe } from '../testing/probes.js';
import { renderParte, type RenderParteOptions } from '../testing/render-parte.js';
import type { ParteFormMode } from '../utils/form-rules.js';
import { ParteFormPage } from './parte-form-page.js';

// No pause between keystrokes: the machine may be busy, and the pause proves nothing here.
const user = userEvent.setup({ delay: null });

// The address picker belongs to another feature and calls its own API; a stand-in keeps these
// tests about the form: it shows the value it got and can change it.
vi.mock('../../localizacion/index.js', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  AddressPicker: ({
    value,
    onChange,
    disabled,
  }: {
    value: Direccion;
    onChange: (value: Direccion) => void;
    disabled?: boolean;
  }): ReactNode => (
    <div>
      <span>
        Dirección elegida:{' '}
        {[value.pais, value.provincia, value.municipio, value.ciudad].filter(Boolean).join(' / ') ||
          'ninguna'}
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onChange({ ...value, paisId: 'fr', pais: 'FRANCIA' })}
      >
        Elegir Francia
      </button>
    </div>
  ),
}));

const LIST = '/api/proveedores';
const RECORD = /^\/api\/proveedores\/[^/]+$/;

const deferred = <T,>() => {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

const renderForm = (
  mode: ParteFormMode,
  options: Partial<RenderParteOptions> & { fake?: FakeApi } = {},
) => {
  const fake = options.fake ?? createFakeApi();
  const path = options.path ?? (mode === 'create' ? '/proveedores/new' : '/proveedores/p1/edit');
  const routePath = mode === 'create' ? '/proveedores/new' : '/proveedores/:proveedorId/edit';
  return renderParte(<ParteFormPage config={PROVEEDOR_CONFIG} mode={mode} />, {
    routePath,
    routes: [{ path: '/proveedores', element: <ListProbe /> }],
    ...options,
    path,
    fake,
  });
};

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () =>
  screen.getByRole('button', { name: /Crear Proveedor|Guardar Cambios|Guardando…/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('ParteFormPage, create', () => {
  it('lays out the cards of SPEC 2.13 with the supplier accounting set', () => {
    renderForm('create', { system: 'transportes' });

    expect(screen.getByRole('heading', { name: 'Nuevo Proveedor' })).toBeTruthy();
    for (const title of [
      'Datos básicos',
      'Dirección',
      'Cuentas Contables',
      'Contactos',
      'Observaciones',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Información de Empresa' })).toBeNull();
    expect(field('Cuenta proveedor')).toBeTruthy();
    expect(field('Cuenta compra')).toBeTruthy();
    expect(field('Cuenta retención')).toBeTruthy();
    expect(screen.queryByLabelText('Cuenta cliente')).toBeNull();
    // Empresa follows the system (transportes → transporte) and can be changed on create.
    const empresa = screen.getByRole('combobox', { name: /Empresa/ }) as HTMLSelectElement;
    expect(empresa.value).toBe('transporte');
    expect(empresa.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Crear Proveedor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
  });

  it('shows errors once a field is touched, and all of them after a submit attempt', async () => {
    const { fake } = renderForm('create');
    expect(screen.queryByText('El nombre es obligatorio')).toBeNull();

    await user.click(field(/Nombre\/Razón social/));
    await user.tab();
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();

    await user.type(field('Documento'), 'ab');
    await user.tab();
    expect(await screen.findByText('Documento inválido (5-30, A-Z, 0-9, -, .)')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: /Empresa/ }), '');
    await user.click(submitButton());
    expect(await screen.findByText('La empresa es obligatoria')).toBeTruthy();
    expect(fake.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('reveals untouched field errors on submit', async () => {
    renderForm('create');
    await user.click(submitButton());
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
  });

  it('tells a screen reader which field is refused and why (issue 14)', async () => {
    renderForm('create');
    await user.selectOptions(screen.getByRole('combobox', { name: /Empresa/ }), '');
    await user.click(submitButton());
    await screen.findByText('El nombre es obligatorio');
    const descripcion = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    const nombre = field(/Nombre\/Razón social/);
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(descripcion(nombre)).toBe('El nombre es obligatorio');
    const empresa = screen.getByRole('combobox', { name: /Empresa/ });
    expect(empresa.getAttribute('aria-invalid')).toBe('true');
    expect(descripcion(empresa)).toBe('La empresa es obligatoria');
    // A valid field says nothing of the kind.
    expect(field('Documento').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the documento when it loses focus and blocks a duplicate', async () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, ({ query }) => ({
      body: aPage(query.get('documentoExact') === 'B07123458' ? [aParte({ _id: 'otro' })] : []),
    }));
    renderForm('create', { fake });

    await user.type(field(/Nombre\/Razón social/), 'Ferretería Nueva');
    await user.type(field('Documento'), ' b07123458');
    await user.tab();

    expect(
      await screen.findByText('Ya existe un proveedor con este documento en esta empresa'),
    ).toBeTruthy();
    expect(field('Documento').classList.contains('is-invalid')).toBe(true);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(Object.fromEntries(fake.callsTo('GET', LIST)[0]?.query ?? [])).toEqual({
      documentoExact: 'B07123458',
      empresa: 'alquileres',
      limit: '1',
      page: '1',
    });

    await user.type(field('Documento'), '7');
    expect(
      screen.queryByText('Ya existe un proveedor con este documento en esta empresa'),
    ).toBeNull();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('warns, without blocking, about a Spanish document with a wrong control character', async () => {
    renderForm('create');
    await user.type(field('Documento'), '12345678A');
    expect(screen.getByText('El documento no parece un NIF/NIE/CIF válido')).toBeTruthy();
    await user.clear(field('Documento'));
    await user.type(field('Documento'), '12345678Z');
    expect(screen.queryByText('El documento no parece un NIF/NIE/CIF válido')).toBeNull();
  });

  it('keeps at least one contact and one observation; delete appears only with two or more', async () => {
    renderForm('create');
    const contactos = within(screen.getByRole('region', { name: 'Contactos' }));
    const observaciones = within(screen.getByRole('region', { name: 'Observaciones' }));
    expect(contactos.queryByRole('button', { name: /Eliminar contacto/ })).toBeNull();
    expect(observaciones.queryByRole('button', { name: /Eliminar observación/ })).toBeNull();

    await user.click(contactos.getByRole('button', { name: 'Añadir contacto' }));
    expect(contactos.getAllByRole('group', { name: /Contacto \d/ })).toHaveLength(2);
    expect((contactos.getAllByLabelText('Nombre')[1] as HTMLInputElement).value).toBe('');
    expect(contactos.getAllByRole('button', { name: /Eliminar contacto/ })).toHaveLength(2);
    await user.click(contactos.getByRole('button', { name: 'Eliminar contacto 1' }));
    expect(contactos.getAllByRole('group', { name: /Contacto \d/ })).toHaveLength(1);
    expect(contactos.queryByRole('button', { name: /Eliminar contacto/ })).toBeNull();

    await user.click(observaciones.getByRole('button', { name: 'Añadir observación' }));
    await user.click(observaciones.getByRole('button', { name: 'Añadir observación' }));
    expect(observaciones.getAllByRole('textbox')).toHaveLength(3);
    await user.click(observaciones.getByRole('button', { name: 'Eliminar observación 2' }));
    expect(observaciones.getAllByRole('textbox')).toHaveLength(2);
  });

  it('shows "Guardando…", then the success banner, and returns to the list 900 ms later', async () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({ body: aPage([]) }));
    const answer = deferred<FakeResponse>();
    fake.on('POST', LIST, () => answer.promise);
    renderForm('create', { fake });

    await user.type(field(/Nombre\/Razón social/), '  Ferretería Nueva ');
    await user.type(field('Documento'), 'b07123458');
    const contactos = within(screen.getByRole('region', { name: 'Contactos' }));
    await user.type(contactos.getByLabelText('Nombre'), 'Marta');
    await user.type(contactos.getByLabelText('Teléfono'), '971 123 456');
    await user.click(contactos.getByRole('button', { name: 'Añadir contacto' }));
    await user.type(field('Observación 1'), 'Entrega por la mañana');
    await user.type(field('Cuenta proveedor'), '400123');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(submitButton().textContent).toBe('Guardando…');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    answer.resolve({ status: 201, body: { data: aParte({ _id: 'nuevo' }) } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Guardado. Redirigiendo…')).toBeTruthy();
    expect(fake.callsTo('POST', LIST)[0]?.body).toEqual({
      nombre: 'Ferretería Nueva',
      documento: 'B07123458',
      empresa: 'alquileres',
      activo: true,
      contactos: [{ nombre: 'Marta', telefono: '971 123 456' }],
      observaciones: ['Entrega por la mañana'],
      direccion: {
        paisId: null,
        provinciaId: null,
        municipioId: null,
        ciudadId: null,
        calleId: null,
        codigoPostalId: null,
        altura: null,
        planta: null,
        local: null,
        observacion: null,
      },
      cuentaContableProveedor: '400123',
    });

    await act(() => vi.advanceTimersByTimeAsync(899));
    expect(screen.queryByRole('heading', { name: 'Listado' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Listado' })).toBeTruthy();
    expect(screen.getByText('Proveedor creado')).toBeTruthy();
  });

  it('maps a 400 to the fields it names and lists the rest under the banner', async () => {
    const fake = createFakeApi();
    fake.on('GET', LIST, () => ({ body: aPage([]) }));
    fake.on('POST', LIST, () => ({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: [
          'nombre: El nombre no puede exceder los 200 caracteres',
          'direccion.ciudadId: La ciudad no pertenece al municipio',
        ],
      },
    }));
    renderForm('create', { fake });
    await user.type(field(/Nombre\/Razón social/), 'Ferretería');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Datos inválidos')).toBeTruthy();
    expect(
      within(alert).getByText('direccion.ciudadId: La ciudad no pertenece al municipio'),
    ).toBeTruthy();
    expect(within(alert).queryByText(/200 caracteres/)).toBeNull();
    expect(screen.getByText('El nombre no puede exceder los 200 caracteres')).toBeTruthy();
    expect(field(/Nombre\/Razón social/).classList.contains('is-invalid')).toBe(true);
  });

  it('shows "Datos inválidos" for a 400 without a message', async () => {
    const fake = createFakeApi();
    fake.on('POST', LIST, () => ({ status: 400, body: { errors: ['documento: repetido'] } }));
    renderForm('create', { fake });
    await user.type(field(/Nombre\/Razón social/), 'Ferretería');
    await user.click(submitButton());
    expect(within(await screen.findByRole('alert')).getByText('Datos inválidos')).toBeTruthy();
    expect(screen.getByText('repetido')).toBeTruthy();
  });

  it('falls back to "Ocurrió un error al guardar." and shows a 409 on Documento', async () => {
    const fake = createFakeApi();
    let conflict = false;
    fake.on('POST', LIST, () =>
      conflict
        ? {
            status: 409,
            body: { message: 'Ya existe un proveedor con este documento en esta empresa' },
          }
        : { status: 500 },
    );
    renderForm('create', { fake });
    await user.type(field(/Nombre\/Razón social/), 'Ferretería');
    await user.click(submitButton());
    expect(
      within(await screen.findByRole('alert')).getByText('Ocurrió un error al guardar.'),
    ).toBeTruthy();

    conflict = true;
    await user.type(field('Documento'), 'B07123458');
    await user.click(submitButton());
    await waitFor(() =>
      expect(
        screen.getAllByText('Ya existe un proveedor con este documento en esta empresa'),
      ).toHaveLength(2),
    );
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('prefills an empty address with Palma once, without making the form dirty', async () => {
    const fake = createFakeApi();
    const list = (items: { _id: string; nombre: string }[]) => ({
      body: { success: true, data: items },
    });
    fake.on('GET', '/api/localizacion/paises', () => list([{ _id: 'es', nombre: 'ESPAÑA' }]));
    fake.on('GET', '/api/localizacion/provincias', () =>
      list([{ _id: 'ib', nombre: 'ILLES BALEARS' }]),
    );
    fake.on('GET', '/api/localizacion/municipios', () => list([{ _id: 'pm', nombre: 'PALMA' }]));
    fake.on('GET', '/api/localizacion/ciudades', () => list([{ _id: 'pc', nombre: 'PALMA' }]));
    const { router } = renderForm('create', { fake });

    expect(
      await screen.findByText('Dirección elegida: ESPAÑA / ILLES BALEARS / PALMA / PALMA'),
    ).toBeTruthy();
    expect(fake.callsTo('GET', '/api/localizacion/paises')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Listado' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/proveedores');
  });

  it('never overwrites an address the user chose while the prefill was on its way', async () => {
    const fake = createFakeApi();
    const pais = deferred<FakeResponse>();
    fake.on('GET', '/api/localizacion/paises', () => pais.promise);
    fake.on('GET', /^\/api\/localizacion\//, () => ({
      body: { success: true, data: [{ _id: 'x', nombre: 'X' }] },
    }));
    renderForm('create', { fake });
    await user.click(screen.getByRole('button', { name: 'Elegir Francia' }));
    pais.resolve({ body: { success: true, data: [{ _id: 'es', nombre: 'ESPAÑA' }] } });
    // The whole chain ran (the city was looked up) and still the user's choice stands.
    await waitFor(() => expect(fake.callsTo('GET', '/api/localizacion/ciudades')).toHaveLength(1));
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(screen.getByText('Dirección elegida: FRANCIA')).toBeTruthy();
  });

  it('prefills under StrictMode too, where effects run twice', async () => {
    const fake = createFakeApi();
    fake.on('GET', /^\/api\/localizacion\//, ({ path }) => ({
      body: { success: true, data: [{ _id: path, nombre: path.split('/').at(-1)?.toUpperCase() }] },
    }));
    renderForm('create', { fake, strict: true });
    expect(
      await screen.findByText('Dirección elegida: PAISES / PROVINCIAS / MUNICIPIOS / CIUDADES'),
    ).toBeTruthy();
  });

  it('leaves the address empty when the lookups fail', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/localizacion/paises', () => ({ status: 500 }));
    renderForm('create', { fake });
    await waitFor(() => expect(fake.callsTo('GET', '/api/localizacion/paises')).toHaveLength(1));
    expect(screen.getByText('Dirección elegida: ninguna')).toBeTruthy();
  });
});

describe('ParteFormPage, unsaved changes', () => {
  it('asks before leaving with changes; "Seguir editando" stays, "Salir sin guardar" leaves', async () => {
    const { router } = renderForm('create');
    await user.type(field(/Nombre\/Razón social/), 'Algo');

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    // The dialog is named by its title.
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/proveedores/new');
    expect(field(/Nombre\/Razón social/).value).toBe('Algo');

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir sin guardar' }),
    );
    expect(await screen.findByRole('heading', { name: 'Listado' })).toBeTruthy();
  });

  it('asks the browser to confirm closing the tab while there are changes', async () => {
    renderForm('create');
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.type(field(/Nombre\/Razón social/), 'Algo');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('leaves at once when nothing changed', async () => {
    renderForm('create');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Listado' })).toBeTruthy();
  });
});

describe('ParteFormPage, edit', () => {
  const withRecord = (
    respond: () => FakeResponse | Promise<FakeResponse> = () => ({ body: { data: aParte() } }),
  ) => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, respond);
    return fake;
  };

  it('shows "Cargando proveedor…" and then the record', async () => {
    const answer = deferred<FakeResponse>();
    renderForm('edit', { fake: withRecord(() => answer.promise) });
    expect(screen.getByText('Cargando proveedor…')).toBeTruthy();

    answer.resolve({ body: { data: aParte() } });
    expect(await screen.findByRole('heading', { name: 'Editar Proveedor' })).toBeTruthy();
    expect(field(/Nombre\/Razón social/).value).toBe('Ferretería Balear S.L.');
    expect(field('Documento').value).toBe('B07123458');
    expect(field('Cuenta proveedor').value).toBe('400001');
    expect(
      screen.getByText('Dirección elegida: ESPAÑA / ILLES BALEARS / PALMA / PALMA'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Información de Empresa' })).toBeTruthy();
    // Who touched it and when, in Madrid's "DD/MM/YYYY HH:mm" whatever the browser's zone.
    expect(screen.getByText('01/11/2026 11:00 · admin@tvsistema.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeTruthy();
  });

  it('does not prefill the address of an existing record', async () => {
    const fake = withRecord(() => ({ body: { data: aParte({ direccion: EMPTY_DIRECCION }) } }));
    fake.on('GET', /^\/api\/localizacion\//, () => ({
      body: { success: true, data: [{ _id: 'x', nombre: 'X' }] },
    }));
    renderForm('edit', { fake });
    expect(await screen.findByText('Dirección elegida: ninguna')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.calls.filter((call) => call.path.startsWith('/api/localizacion/'))).toHaveLength(0);
  });

  it('disables empresa with its note and sends a PUT without empresa', async () => {
    const fake = withRecord();
    fake.on('PUT', RECORD, () => ({ body: { data: aParte({ activo: false }) } }));
    renderForm('edit', { fake });

    const empresa = (await screen.findByRole('combobox', { name: /Empresa/ })) as HTMLSelectElement;
    expect(empresa.disabled).toBe(true);
    expect(empresa.value).toBe('alquileres');
    expect(
      screen.getByText('La empresa no puede modificarse después de la creación.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Activo' }));
    expect(screen.getByRole('switch', { name: 'Inactivo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText('Guardado. Redirigiendo…')).toBeTruthy();
    const put = fake.callsTo('PUT', '/api/proveedores/p1')[0];
    expect(put?.body).toMatchObject({ nombre: 'Ferretería Balear S.L.', activo: false });
    expect(put?.body).not.toHaveProperty('empresa');
    expect(await screen.findByText('Proveedor actualizado', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('does not call its own documento a duplicate', async () => {
    const fake = withRecord();
    fake.on('GET', LIST, () => ({ body: aPage([aParte()]) }));
    renderForm('edit', { fake });
    await user.click(await screen.findByLabelText('Documento'));
    await user.tab();
    await waitFor(() => expect(fake.callsTo('GET', LIST)).toHaveLength(1));
    expect(
      screen.queryByText('Ya existe un proveedor con este documento en esta empresa'),
    ).toBeNull();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the version it read, and after a conflict "Recargar" shows the stored record', async () => {
    const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';
    let stored = aParte({ version: 3 });
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: { data: stored } }));
    fake.on('PUT', RECORD, () => ({ status: 409, body: { message: STALE } }));
    renderForm('edit', { fake });

    await user.clear(await screen.findByLabelText(/Nombre\/Razón social/));
    await user.type(field(/Nombre\/Razón social/), 'Mi cambio');
    // Meanwhile someone else saved version 4.
    stored = aParte({ nombre: 'Cambio de otra persona', version: 4 });
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(STALE)).toBeTruthy();
    expect(fake.callsTo('PUT', '/api/proveedores/p1')[0]?.body).toMatchObject({
      nombre: 'Mi cambio',
      version: 3,
    });
    await user.click(within(alert).getByRole('button', { name: 'Recargar' }));

    await waitFor(() => expect(field(/Nombre\/Razón social/).value).toBe('Cambio de otra persona'));
    expect(screen.queryByRole('alert')).toBeNull();
    // The next save carries the version just read.
    fake.on('PUT', RECORD, () => ({ body: { data: stored } }));
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByText('Guardado. Redirigiendo…');
    expect(fake.callsTo('PUT', '/api/proveedores/p1')[1]?.body).toMatchObject({ version: 4 });
  });

  it('falls back to "Ocurrió un error al guardar los cambios."', async () => {
    const fake = withRecord();
    fake.on('PUT', RECORD, () => ({ status: 503 }));
    renderForm('edit', { fake });
    await user.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    expect(
      within(await screen.findByRole('alert')).getByText(
        'Ocurrió un error al guardar los cambios.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's load error, or the default text", async () => {
    const { unmount } = renderForm('edit', {
      fake: withRecord(() => ({ status: 404, body: { message: 'Proveedor no encontrado' } })),
    });
    expect(await screen.findByText('Proveedor no encontrado')).toBeTruthy();
    unmount();

    renderForm('edit', { fake: withRecord(() => ({ status: 500 })) });
    expect(await screen.findByText('No se pudo cargar la información del proveedor.')).toBeTruthy();
  });

  it('says the id is invalid when the route has none', () => {
    renderParte(<ParteFormPage config={PROVEEDOR_CONFIG} mode="edit" />, {
      path: '/proveedores/edit',
    });
    expect(screen.getByText('Identificador de proveedor inválido.')).toBeTruthy();
  });
});

describe('ParteFormPage, view', () => {
  it('shows the record read-only with a way to edit it', async () => {
    const fake = createFakeApi();
    fake.on('GET', RECORD, () => ({ body: aParte() }));
    const { router } = renderParte(
      <ParteFormPage config={PROVEEDOR_CONFIG} mode="view" id="p1" />,
      {
        path: '/proveedores/p1',
        fake,
        routes: [{ path: '/proveedores/:proveedorId/edit', element: <h1>Pantalla editar</h1> }],
      },
    );
    expect(await screen.findByRole('heading', { name: 'Detalles del Proveedor' })).toBeTruthy();
    // A detail view, not a disabled form (issue 14): text to read and select, links to use.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ferretería Balear S.L.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'marta@ferreteria.es' }).getAttribute('href')).toBe(
      'mailto:marta@ferreteria.es',
    );
    expect(screen.getByRole('link', { name: '971 123 456' }).getAttribute('href')).toBe(
      'tel:971123456',
    );
    expect(screen.getByRole('tab', { name: 'Historial' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Guardar|Crear/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir contacto' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(router.state.location.pathname).toBe('/proveedores/p1/edit');
  });
});
