import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREFERENCIAS_POR_DEFECTO, type Preferencias } from '@tvsistema/domain';
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
