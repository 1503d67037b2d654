import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EMISOR_MESSAGES,
  EMPTY_DIRECCION,
  PREFERENCIAS_POR_DEFECTO,
  type Emisor,
  type Preferencias,
} from '@tvsistema/domain';
import { AppLayout } from '../../components/layout/app-layout.js';
import { createFakeApi, type FakeResponse } from '../../testing/fake-api.js';
import { fakeAuth, renderWithSession } from '../../testing/session.js';
import { PreferenciasProvider } from '../preferencias/index.js';
import { SettingsPage } from './settings-page.js';

// Issue 14: /settings starts with every user's own preferences, saved through the API and applied
// at once (the shell's density), then the empresa legal data for administracion.

const user = userEvent.setup({ delay: null });
const URL = '/api/preferencias';

const renderSettings = (
  options: { stored?: Preferencias; put?: (body: unknown) => FakeResponse } = {},
) => {
  const fake = createFakeApi();
  let stored = options.stored ?? PREFERENCIAS_POR_DEFECTO;
  fake.on('GET', URL, () => ({ body: { data: stored } }));
  fake.on('PUT', URL, ({ body }) => {
    const answer = options.put?.(body);
    if (answer) return answer;
    stored = body as Preferencias;
    return { body: { data: stored } };
  });
  const rendered = renderWithSession(<SettingsPage />, {
    path: '/settings',
    api: fake.api,
    auth: fakeAuth({ roles: ['operaciones', 'alquileres', 'transportes'] }),
    layout: (
      <PreferenciasProvider>
        <AppLayout />
      </PreferenciasProvider>
    ),
  });
  return { ...rendered, fake };
};

const field = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionsOf = (name: string) =>
  within(field(name))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('SettingsPage: Preferencias (issue 14)', () => {
  it('shows the card above "Datos de empresa", with the user’s own systems only', async () => {
    renderSettings();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Preferencias', 'Datos de empresa']);
    expect(await screen.findByRole('combobox', { name: 'Sistema por defecto' })).toBeTruthy();
    expect(optionsOf('Sistema por defecto')).toEqual([
      'Ninguno (elegir al entrar)',
      'Alquileres',
      'Transportes',
    ]);
    expect(optionsOf('Vista de las listas')).toEqual(['La de cada lista', 'Tarjetas', 'Lista']);
    expect(optionsOf('Tamaño de página')).toEqual([
      'El de cada lista',
      '10 por página',
      '20 por página',
      '30 por página',
      '50 por página',
    ]);
    expect(optionsOf('Densidad')).toEqual(['Normal', 'Compacta']);
    expect(screen.getByText('Los datos de empresa solo los edita Administración.')).toBeTruthy();
  });

  it('shows what is stored, saves the whole record and applies the density at once', async () => {
    const { fake, container } = renderSettings({
      stored: { ...PREFERENCIAS_POR_DEFECTO, tamanoPagina: 30 },
    });
    await screen.findByRole('combobox', { name: 'Sistema por defecto' });
    expect(field('Tamaño de página').value).toBe('30');
    expect(container.querySelector('.app-shell--compacta')).toBeNull();

    await user.selectOptions(field('Sistema por defecto'), 'Transportes');
    await user.selectOptions(field('Vista de las listas'), 'Lista');
    await user.selectOptions(field('Tamaño de página'), '50 por página');
    await user.selectOptions(field('Densidad'), 'Compacta');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const saved = await screen.findByRole('status');
    expect(saved.textContent).toBe('Preferencias guardadas.');
    // Guardar is disabled while saving: the answer takes the focus, not the page's body.
    expect(document.activeElement).toBe(saved);
    expect(fake.callsTo('PUT', URL).map((call) => call.body)).toEqual([
      {
        sistemaPorDefecto: 'transportes',
        vistaListas: 'list',
        tamanoPagina: 50,
        densidad: 'compacta',
      },
    ]);
    await waitFor(() => expect(container.querySelector('.app-shell--compacta')).toBeTruthy());

    // Back to "each list's own": null, not an empty text.
    await user.selectOptions(field('Tamaño de página'), 'El de cada lista');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fake.callsTo('PUT', URL)).toHaveLength(2));
    expect(fake.callsTo('PUT', URL)[1]?.body).toMatchObject({ tamanoPagina: null });
  });

  it('puts the API’s Spanish field errors under their fields', async () => {
    renderSettings({
      put: () => ({
        status: 400,
        body: {
          message: 'Datos inválidos',
          errors: [
            'sistemaPorDefecto: No tienes acceso al sistema elegido como sistema por defecto',
          ],
        },
      }),
    });
    await screen.findByRole('combobox', { name: 'Sistema por defecto' });
    await user.selectOptions(field('Sistema por defecto'), 'Alquileres');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Datos inválidos');
    expect(field('Sistema por defecto').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('No tienes acceso al sistema elegido como sistema por defecto'),
    ).toBeTruthy();
  });

  it('says so when the preferences cannot be read', async () => {
    const fake = createFakeApi();
    fake.on('GET', URL, () => ({ status: 500, body: {} }));
    renderWithSession(<SettingsPage />, { path: '/settings', api: fake.api });
    expect(await screen.findByText('No se pudieron cargar las preferencias.')).toBeTruthy();
  });
});

describe('SettingsPage: Datos de empresa (issue 11, issue 14)', () => {
  const EMISOR_URL = '/api/facturas/emisores/alquileres';
  const stored: Emisor = {
    empresa: 'alquileres',
    razonSocial: 'Alquileres Baleares, S.L.',
    nif: 'B07123458',
    direccion: EMPTY_DIRECCION,
    telefono: '971 12 34 56',
    email: null,
    iban: 'ES9121000418450200051332',
    bic: null,
    registroMercantil: null,
    epigrafeIae: null,
    descripcionOperacion: 'Alquiler de maquinaria y andamios',
    diasVencimiento: 30,
    version: 3,
  };

  it('loads the empresa, puts a refused NIF under its field, then saves and focuses the answer', async () => {
    const fake = createFakeApi();
    fake.on('GET', URL, () => ({ body: { data: PREFERENCIAS_POR_DEFECTO } }));
    fake.on('GET', EMISOR_URL, () => ({ body: { data: stored } }));
    let puts = 0;
    fake.on('PUT', EMISOR_URL, ({ body }) =>
      ++puts === 1
        ? {
            status: 400,
            body: { message: 'Datos inválidos', errors: [`nif: ${EMISOR_MESSAGES.nifInvalid}`] },
          }
        : {
            body: {
              data: { ...stored, ...(body as object), direccion: EMPTY_DIRECCION, version: 4 },
            },
          },
    );
    renderWithSession(<SettingsPage />, {
      path: '/settings',
      api: fake.api,
      auth: fakeAuth({ roles: ['administracion'] }),
    });

    const form = await screen.findByRole('form', { name: 'Datos de alquileres' });
    const text = (name: string) => within(form).getByRole('textbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(text('Razón social').value).toBe('Alquileres Baleares, S.L.'));
    expect(text('Teléfono').value).toBe('971 12 34 56');

    await user.clear(text('NIF'));
    await user.paste('B07123450');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Datos inválidos');
    // The field says it is refused and why (its message is its description).
    expect(text('NIF').getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(text('NIF').getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(EMISOR_MESSAGES.nifInvalid);

    await user.clear(text('NIF'));
    await user.paste('B07123458');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    const saved = await within(form).findByRole('status');
    expect(saved.textContent).toBe('Datos de empresa guardados.');
    // useBannerFocus: the answer takes the focus from the disabled Guardar.
    await waitFor(() => expect(document.activeElement).toBe(saved));
    expect(fake.callsTo('PUT', EMISOR_URL).map((call) => call.body)).toEqual([
      expect.objectContaining({ nif: 'B07123450', version: 3, diasVencimiento: 30 }),
      expect.objectContaining({ nif: 'B07123458', version: 3, razonSocial: stored.razonSocial }),
    ]);
  });
});
