import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_DIRECCION, TIMINGS, type Direccion } from '@tvsistema/domain';
import { ApiError } from '../../../lib/api-client.js';
import {
  createFakeLocalizacionApi,
  seedLocations,
  type FakeLocalizacionApi,
} from '../testing/fake-localizacion-api.js';
import { expectCampoInvalido } from '../../../testing/invalid-field.js';
import { renderWithApi } from '../testing/render-with-api.js';
import { AddressPicker } from './address-picker.js';
import { SEARCH_DEBOUNCE_MS } from './location-typeahead.js';

let fake: FakeLocalizacionApi;
let ids: ReturnType<typeof seedLocations>;

beforeEach(() => {
  // Fake clock that still runs on its own, so waiting for the server works and the debounce and
  // the modal's 1 s close can be stepped through exactly.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = createFakeLocalizacionApi();
  ids = seedLocations(fake);
});

afterEach(() => {
  vi.useRealTimers();
});

type HarnessProps = {
  initial: Direccion;
  canCreate?: boolean;
  onValue: (value: Direccion) => void;
};

const Harness = ({ initial, canCreate = false, onValue }: HarnessProps) => {
  const [value, setValue] = useState(initial);
  return (
    <AddressPicker
      value={value}
      canCreate={canCreate}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
};

const renderPicker = (initial: Direccion = EMPTY_DIRECCION, canCreate = false) => {
  const values: Direccion[] = [];
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithApi(
    <Harness initial={initial} canCreate={canCreate} onValue={(value) => values.push(value)} />,
    fake.api,
  );
  return { user, latest: () => values.at(-1) };
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const isDisabled = (label: string) => field(label).disabled;

const fullAddress = (): Direccion => ({
  paisId: ids.espana,
  pais: 'ESPAÑA',
  provinciaId: ids.baleares,
  provincia: 'ILLES BALEARS',
  municipioId: ids.palmaMunicipio,
  municipio: 'PALMA',
  ciudadId: ids.palma,
  ciudad: 'PALMA',
  calleId: ids.calleMayor,
  calle: 'CALLE MAYOR',
  codigoPostalId: ids.cp07001,
  codigoPostal: '07001',
  altura: 12,
  planta: '2º',
  local: 'B',
  observacion: 'Junto al mercado',
});

/** Types into a lookup and picks the option with that exact label. */
const choose = async (
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  text: string,
  option: string,
) => {
  const input = field(label);
  await user.clear(input);
  await user.type(input, text);
  await user.click(await screen.findByRole('option', { name: option }));
};

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('AddressPicker: disabled states (SPEC 4.7)', () => {
  it('enables each level only once the one it depends on is chosen', () => {
    const cases: { value: Direccion; enabled: string[]; disabled: string[] }[] = [
      {
        value: EMPTY_DIRECCION,
        enabled: ['País', 'Planta', 'Local', 'Observación'],
        disabled: ['Provincia', 'Municipio', 'Ciudad', 'Calle', 'Código postal', 'Número'],
      },
      {
        value: { ...EMPTY_DIRECCION, paisId: ids.espana, pais: 'ESPAÑA' },
        enabled: ['País', 'Provincia'],
        disabled: ['Municipio', 'Ciudad', 'Calle', 'Código postal', 'Número'],
      },
      {
        value: {
          ...EMPTY_DIRECCION,
          paisId: ids.espana,
          pais: 'ESPAÑA',
          provinciaId: ids.baleares,
          provincia: 'ILLES BALEARS',
        },
        enabled: ['Provincia', 'Municipio', 'Ciudad'],
        disabled: ['Calle', 'Código postal', 'Número'],
      },
      {
        value: {
          ...fullAddress(),
          calleId: null,
          calle: null,
          codigoPostalId: null,
          codigoPostal: null,
          altura: null,
        },
        enabled: ['Ciudad', 'Calle', 'Código postal'],
        disabled: ['Número'],
      },
      {
        value: { ...fullAddress(), codigoPostalId: null, codigoPostal: null },
        enabled: ['Calle', 'Número'],
        disabled: [],
      },
      {
        value: { ...fullAddress(), calleId: null, calle: null },
        enabled: ['Código postal', 'Número'],
        disabled: [],
      },
    ];
    for (const { value, enabled, disabled } of cases) {
      const { unmount } = renderWithApi(
        <AddressPicker value={value} onChange={() => undefined} />,
        fake.api,
      );
      for (const label of enabled) expect(isDisabled(label), label).toBe(false);
      for (const label of disabled) expect(isDisabled(label), label).toBe(true);
      unmount();
    }
  });

  it('disables everything when the picker is disabled', () => {
    renderWithApi(
      <AddressPicker value={fullAddress()} disabled onChange={() => undefined} />,
      fake.api,
    );
    for (const label of [
      'País',
      'Provincia',
      'Calle',
      'Número',
      'Planta',
      'Local',
      'Observación',
    ]) {
      expect(isDisabled(label), label).toBe(true);
    }
  });

  it("marks the street refused by the form and reads it the form's message (issue 14)", () => {
    renderWithApi(
      <>
        <AddressPicker value={EMPTY_DIRECCION} onChange={() => undefined} errorId="dir-error" />
        <div id="dir-error">Elige la calle de la obra</div>
      </>,
      fake.api,
    );
    expectCampoInvalido(
      screen.getByRole('combobox', { name: 'Calle' }),
      'Elige la calle de la obra',
    );
    expect(screen.getByRole('combobox', { name: 'Ciudad' }).hasAttribute('aria-invalid')).toBe(
      false,
    );
  });
});

describe('AddressPicker: cascade clearing (SPEC 4.7)', () => {
  const cleared = (value: Direccion | undefined, levels: (keyof Direccion)[]) =>
    levels.map((key) => value?.[key]);

  it.each([
    {
      label: 'País',
      text: 'fra',
      option: 'FRANCIA',
      kept: [] as (keyof Direccion)[],
      clears: ['provinciaId', 'municipioId', 'ciudadId', 'calleId', 'codigoPostalId', 'altura'],
    },
    {
      label: 'Provincia',
      text: 'avi',
      option: 'ÁVILA',
      kept: ['paisId'],
      clears: ['municipioId', 'ciudadId', 'calleId', 'codigoPostalId'],
    },
    {
      label: 'Municipio',
      text: 'calv',
      option: 'CALVIÀ',
      kept: ['paisId', 'provinciaId'],
      clears: ['ciudadId', 'calleId', 'codigoPostalId'],
    },
    {
      label: 'Ciudad',
      text: 'son',
      option: 'SON FERRIOL',
      kept: ['paisId', 'provinciaId', 'municipioId'],
      clears: ['calleId', 'codigoPostalId'],
    },
    {
      label: 'Calle',
      text: 'jaume',
      option: 'AVINGUDA JAUME III',
      kept: ['paisId', 'provinciaId', 'municipioId', 'ciudadId', 'codigoPostalId', 'altura'],
      clears: [],
    },
    {
      label: 'Código postal',
      text: '002',
      option: '07002',
      kept: ['paisId', 'provinciaId', 'municipioId', 'ciudadId', 'calleId', 'altura'],
      clears: [],
    },
  ] as const)(
    'changing $label clears the levels below it',
    async ({ label, text, option, kept, clears }) => {
      const { user, latest } = renderPicker(fullAddress());
      await choose(user, label, text, option);

      const value = latest();
      const original = fullAddress();
      expect(value?.[`${labelToLevel[label]}`]).toBe(option);
      for (const key of kept) expect(value?.[key], key).toBe(original[key]);
      expect(cleared(value, [...clears])).toEqual(clears.map(() => null));
      // What the user sees agrees with the value.
      expect(field(label).value).toBe(option);
      for (const key of clears) {
        const below = keyToLabel[key];
        if (below) expect(field(below).value).toBe('');
      }
      // Free fields are never cleared by the cascade.
      expect(value?.planta).toBe('2º');
    },
  );

  it('fills in the municipality of a city chosen without one', async () => {
    const { user, latest } = renderPicker({
      ...EMPTY_DIRECCION,
      paisId: ids.espana,
      pais: 'ESPAÑA',
      provinciaId: ids.baleares,
      provincia: 'ILLES BALEARS',
    });
    await choose(user, 'Ciudad', 'ponç', 'SANTA PONÇA');
    await waitFor(() => expect(latest()?.ciudad).toBe('SANTA PONÇA'));
    expect(latest()).toMatchObject({ municipioId: ids.calvia, municipio: 'CALVIÀ' });
    expect(field('Municipio').value).toBe('CALVIÀ');
    // Filling the municipality does not take the focus away from the city.
    expect(document.activeElement).toBe(field('Ciudad'));
  });
});

const labelToLevel = {
  País: 'pais',
  Provincia: 'provincia',
  Municipio: 'municipio',
  Ciudad: 'ciudad',
  Calle: 'calle',
  'Código postal': 'codigoPostal',
} as const;

const keyToLabel: Partial<Record<keyof Direccion, string>> = {
  provinciaId: 'Provincia',
  municipioId: 'Municipio',
  ciudadId: 'Ciudad',
  calleId: 'Calle',
  codigoPostalId: 'Código postal',
  altura: 'Número',
};

describe('AddressPicker: server-side search', () => {
  const searches = (level: 'pais' | 'provincia') =>
    fake.listCalls(level).filter((call) => call.query.nombre !== undefined);

  it('asks once typing pauses, with the typed text and the parent id, 100 a page', async () => {
    const { user } = renderPicker({ ...EMPTY_DIRECCION, paisId: ids.espana, pais: 'ESPAÑA' });
    await user.click(field('Provincia'));
    await waitFor(() => expect(fake.listCalls('provincia')).toHaveLength(1));
    expect(fake.listCalls('provincia')[0]?.query).toEqual({
      paisId: ids.espana,
      page: '1',
      limit: '100',
    });

    await user.type(field('Provincia'), 'bal');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'ILLES BALEARS' });
    // One request for the whole word: "b" and "ba" never reached the server.
    expect(searches('provincia').map((call) => call.query)).toEqual([
      { nombre: 'bal', paisId: ids.espana, page: '1', limit: '100' },
    ]);
    expect(optionNames()).toEqual(['ILLES BALEARS']);
  });

  it('narrows the previous answer while the new one is on its way', async () => {
    const { user, latest } = renderPicker({
      ...EMPTY_DIRECCION,
      paisId: ids.espana,
      pais: 'ESPAÑA',
    });
    await user.click(field('Provincia'));
    await screen.findByRole('option', { name: 'ÁVILA' });
    const release = fake.hold();
    await user.keyboard('bal');
    // Before the server has answered "bal", only the matching option of the old answer is left.
    expect(optionNames()).toEqual(['ILLES BALEARS']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(latest()).toMatchObject({ provinciaId: ids.baleares });
    act(() => release());
  });

  it('shows "Cargando…" while the server answers and "No se encontraron resultados." when nothing matches', async () => {
    const { user } = renderPicker();
    const release = fake.hold();
    await user.click(field('País'));
    // In the menu, and as the spinner's text inside the field.
    expect(await screen.findByRole('option', { name: 'Cargando…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Cargando…');
    act(() => release());
    await screen.findByRole('option', { name: 'ESPAÑA' });

    await user.type(field('País'), 'zzz');
    await screen.findByRole('option', { name: 'No se encontraron resultados.' });
  });

  it('names its open listbox with aria-controls, as ARIA 1.2 asks of a combobox', async () => {
    const { user } = renderPicker();
    expect(field('País').getAttribute('aria-expanded')).toBe('false');
    await user.click(field('País'));
    await screen.findByRole('option', { name: 'ESPAÑA' });
    // Named after its field, in Spanish (the library's fallback is "menu-options").
    const listbox = screen.getByRole('listbox', { name: 'País: sugerencias' });
    expect(field('País').getAttribute('aria-expanded')).toBe('true');
    expect(field('País').getAttribute('aria-controls')).toBe(listbox.id);
  });

  it('says so in the menu when the lookup fails', async () => {
    fake.failNext('GET', /\/paises$/, new ApiError(503, 'Servicio no disponible'));
    const { user } = renderPicker();
    await user.click(field('País'));
    await screen.findByRole('option', { name: 'Servicio no disponible' });
  });

  it('loads the next 100 on demand', async () => {
    for (let n = 1; n <= 120; n++) {
      fake.add('pais', { nombre: `PAÍS ${String(n).padStart(3, '0')}`, codigo: null });
    }
    const { user } = renderPicker();
    await user.click(field('País'));
    const more = await screen.findByRole('option', { name: 'Cargar más resultados…' });
    expect(screen.getAllByRole('option')).toHaveLength(101);
    await user.click(more);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(122));
    expect(fake.listCalls('pais').map((call) => call.query.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('option', { name: 'Cargar más resultados…' })).toBeNull();
  });
});

describe('AddressPicker: "Crear nuevo: " (SPEC 4.7)', () => {
  const typeAndSettle = async (
    user: ReturnType<typeof userEvent.setup>,
    label: string,
    text: string,
  ) => {
    await user.clear(field(label));
    await user.type(field(label), text);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(screen.queryAllByText('Cargando…')).toEqual([]));
  };

  it('is offered only for non-empty text that matches no option', async () => {
    const { user } = renderPicker(EMPTY_DIRECCION, true);
    await user.click(field('País'));
    await screen.findByRole('option', { name: 'ESPAÑA' });
    expect(optionNames()).toEqual(['ESPAÑA', 'FRANCIA']);

    await typeAndSettle(user, 'País', 'port');
    await waitFor(() => expect(optionNames()).toEqual(['Crear nuevo: port']));

    await typeAndSettle(user, 'País', 'España');
    await waitFor(() => expect(optionNames()).toEqual(['ESPAÑA']));

    // Case and accents do not make a new name.
    await typeAndSettle(user, 'País', 'espana');
    await waitFor(() => expect(optionNames()).toEqual(['ESPAÑA']));

    // A partial match is still a new name.
    await typeAndSettle(user, 'País', 'esp');
    await waitFor(() => expect(optionNames()).toEqual(['ESPAÑA', 'Crear nuevo: esp']));

    await typeAndSettle(user, 'País', '   ');
    await waitFor(() => expect(optionNames()).toEqual(['ESPAÑA', 'FRANCIA']));
  });

  it('is never offered to users who may not create', async () => {
    const { user } = renderPicker(EMPTY_DIRECCION, false);
    await user.click(field('País'));
    await typeAndSettle(user, 'País', 'port');
    await waitFor(() => expect(optionNames()).toEqual(['No se encontraron resultados.']));
  });
});

describe('AddressPicker: creation modals (SPEC 4.7, 5, 8)', () => {
  const openCreation = async (
    user: ReturnType<typeof userEvent.setup>,
    label: string,
    text: string,
  ) => {
    await user.click(field(label));
    await user.type(field(label), text);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    // Accessible names collapse runs of spaces.
    const name = `Crear nuevo: ${text}`.replace(/\s+/g, ' ').trim();
    await user.click(await screen.findByRole('option', { name }));
    return screen.findByRole('dialog');
  };

  const posts = () => fake.calls.filter((call) => call.method === 'POST');

  it('validates the name with the SPEC 5 messages before asking the server', async () => {
    const { user } = renderPicker(EMPTY_DIRECCION, true);
    const dialog = await openCreation(user, 'País', 'x');
    expect(within(dialog).getByText('Nuevo país')).toBeTruthy();
    const nombre = within(dialog).getByLabelText<HTMLInputElement>('Nombre');
    expect(nombre.value).toBe('x');
    const crear = within(dialog).getByRole('button', { name: 'Crear' });

    await user.click(crear);
    await within(dialog).findByText('El nombre debe tener al menos 2 caracteres');

    await user.clear(nombre);
    await user.click(crear);
    await within(dialog).findByText('El nombre es obligatorio');

    // Pasted: 101 keystrokes would re-render the picker 101 times for the same check.
    await user.click(nombre);
    await user.paste('a'.repeat(101));
    await user.click(crear);
    await within(dialog).findByText('El nombre no puede exceder los 100 caracteres');

    // Spaces alone are no name: trimmed first.
    await user.clear(nombre);
    await user.type(nombre, '    ');
    await user.click(crear);
    await within(dialog).findByText('El nombre es obligatorio');
    expect(posts()).toEqual([]);
  });

  it('strips what a postal code cannot hold as it is typed, and checks its length', async () => {
    const { user } = renderPicker(
      { ...fullAddress(), codigoPostalId: null, codigoPostal: null },
      true,
    );
    const dialog = await openCreation(user, 'Código postal', '07$1');
    const valor = within(dialog).getByLabelText<HTMLInputElement>('Código postal');
    expect(valor.value).toBe('071');
    await user.type(valor, '/ñ-a b');
    expect(valor.value).toBe('071-a b');

    await user.clear(valor);
    await user.type(valor, '0.7');
    expect(valor.value).toBe('07');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText(
      'Debe tener al menos 3 caracteres y solo puede incluir letras, números, espacios o guiones',
    );

    await user.clear(valor);
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('El código postal es obligatorio');
    expect(posts()).toEqual([]);
  });

  it('asks for the municipality before creating a city without one', async () => {
    const { user } = renderPicker(
      {
        ...EMPTY_DIRECCION,
        paisId: ids.espana,
        pais: 'ESPAÑA',
        provinciaId: ids.baleares,
        provincia: 'ILLES BALEARS',
      },
      true,
    );
    const dialog = await openCreation(user, 'Ciudad', 'Nueva Ciudad');
    expect(within(dialog).getByText('Nueva ciudad')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Debe seleccionar un municipio primero');
    expect(posts()).toEqual([]);
    // Issue 14: the message is said of the missing level's field, not left floating.
    expectCampoInvalido(
      within(dialog).getByRole('textbox', { name: 'Municipio:' }),
      'Debe seleccionar un municipio primero',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Provincia:' }).getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('shows the server refusal in red and keeps the modal open', async () => {
    fake.failNext('POST', /\/paises$/, new ApiError(409, 'Ya existe un país con ese nombre'));
    const { user, latest } = renderPicker(EMPTY_DIRECCION, true);
    const dialog = await openCreation(user, 'País', 'Portugal');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Ya existe un país con ese nombre');
    expect(alert.className).toContain('alert-danger');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(latest()).toBeUndefined();
  });

  it('creates the value uppercased and trimmed, selects it and closes ~1 s after the green alert', async () => {
    const { user, latest } = renderPicker(
      { ...fullAddress(), calleId: null, calle: null, codigoPostalId: null, codigoPostal: null },
      true,
    );
    const dialog = await openCreation(user, 'Calle', '  carrer  de  sant miquel ');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));

    const success = await within(dialog).findByText(
      'Calle "CARRER DE SANT MIQUEL" creado exitosamente',
    );
    expect(success.className).toContain('alert-success');
    expect(posts().map((call) => call.body)).toEqual([
      { nombre: 'CARRER DE SANT MIQUEL', ciudadId: ids.palma },
    ]);
    const created = fake.all('calle').find((calle) => calle.nombre === 'CARRER DE SANT MIQUEL');
    expect(latest()).toMatchObject({ calleId: created?._id, calle: 'CARRER DE SANT MIQUEL' });
    expect(field('Calle').value).toBe('CARRER DE SANT MIQUEL');
    // And altura is now usable.
    expect(isDisabled('Número')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.modalCloseAfterSuccess - 100));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Calle').value).toBe('CARRER DE SANT MIQUEL');
  });

  it('does not submit the form the picker sits in', async () => {
    const onOuterSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApi(
      <form onSubmit={onOuterSubmit}>
        <Harness initial={EMPTY_DIRECCION} canCreate onValue={() => undefined} />
      </form>,
      fake.api,
    );
    const dialog = await openCreation(user, 'País', 'Portugal');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('País "PORTUGAL" creado exitosamente');
    expect(onOuterSubmit).not.toHaveBeenCalled();
  });

  it('sends the parent of each level', async () => {
    const { user } = renderPicker({ ...EMPTY_DIRECCION, paisId: ids.espana, pais: 'ESPAÑA' }, true);
    const dialog = await openCreation(user, 'Provincia', 'Menorca');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'País:' }).value).toBe(
      'ESPAÑA',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await within(dialog).findByText('Provincia "MENORCA" creado exitosamente');
    expect(posts().map((call) => call.body)).toEqual([{ nombre: 'MENORCA', paisId: ids.espana }]);
  });

  it('leaves the field empty when the creation is cancelled', async () => {
    const { user, latest } = renderPicker(EMPTY_DIRECCION, true);
    const dialog = await openCreation(user, 'País', 'Portugal');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('País').value).toBe('');
    expect(latest()).toBeUndefined();
  });
});

describe('AddressPicker: keyboard', () => {
  it('is usable without a mouse: Tab, arrows, Enter and Escape', async () => {
    const { user, latest } = renderPicker(EMPTY_DIRECCION, true);
    await user.tab();
    expect(document.activeElement).toBe(field('País'));
    await user.keyboard('esp');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'ESPAÑA' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(latest()).toMatchObject({ paisId: ids.espana, pais: 'ESPAÑA' });
    expect(screen.queryByRole('listbox')).toBeNull();

    // The next field in the tab order is the one just enabled.
    await user.tab();
    expect(document.activeElement).toBe(field('Provincia'));
    await user.keyboard('ba');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'ILLES BALEARS' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();

    // Enter on "Crear nuevo: " opens the modal with the focus in it; Escape closes it.
    await user.keyboard('{Backspace}{Backspace}menorca');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'Crear nuevo: menorca' });
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Nombre')),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(latest()?.provinciaId).toBeNull();
  });

  it('creates from the keyboard: Enter submits the modal', async () => {
    const { user, latest } = renderPicker(EMPTY_DIRECCION, true);
    await user.tab();
    await user.keyboard('portugal');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'Crear nuevo: portugal' });
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Nombre')),
    );
    await user.keyboard('{Enter}');
    await within(dialog).findByText('País "PORTUGAL" creado exitosamente');
    expect(latest()).toMatchObject({ pais: 'PORTUGAL' });
  });
});
