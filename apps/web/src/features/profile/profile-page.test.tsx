import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import { fakeAuth, renderWithSession } from '../../testing/session.js';
import { ProfilePage, type ProfilePageProps } from './profile-page.js';

const renderProfile = (
  auth: ReturnType<typeof fakeAuth> = fakeAuth(),
  props: ProfilePageProps = {},
) => renderWithSession(<ProfilePage {...props} />, { path: '/profile', auth });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const SAVED = '¡Perfil actualizado correctamente!';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ProfilePage "Mi Perfil" (SPEC 2.10)', () => {
  it('shows the roles with their Spanish labels, not the claim values', () => {
    renderProfile(fakeAuth({ roles: ['administracion', 'operaciones'] }));
    const roles = screen.getByRole('group', { name: 'Roles' });
    expect(roles.textContent).toBe('AdministraciónOperaciones');
  });

  it('prefills nombre, apellido, email, telefono, empresa and cargo from the user', () => {
    renderProfile(
      fakeAuth({
        user: {
          given_name: 'Olga',
          family_name: 'Operaciones Ruiz',
          name: 'Olga Operaciones Ruiz',
          email: 'operaciones@tvsistema.test',
          phone_number: '+34 600 000 000',
          empresa: 'Transportes',
          cargo: 'Jefa de tráfico',
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeDefined();
    expect(
      ['Nombre', 'Apellido', 'Correo electrónico', 'Teléfono', 'Empresa', 'Cargo'].map(
        (l) => field(l).value,
      ),
    ).toEqual([
      'Olga',
      'Operaciones Ruiz',
      'operaciones@tvsistema.test',
      '+34 600 000 000',
      'Transportes',
      'Jefa de tráfico',
    ]);
  });

  it('splits the full name when the token has no given and family names', () => {
    renderProfile(fakeAuth({ user: { name: 'Marcos Maquinaria Gil' } }));
    expect(field('Nombre').value).toBe('Marcos');
    expect(field('Apellido').value).toBe('Maquinaria Gil');
    expect(field('Correo electrónico').value).toBe('');
  });

  it('keeps the email read-only with a note', async () => {
    renderProfile();
    const email = field('Correo electrónico');
    expect(email.readOnly).toBe(true);
    expect(email.getAttribute('aria-describedby')).toBe('perfil-email-nota');
    expect(document.getElementById('perfil-email-nota')?.textContent).toBe(
      'El correo electrónico no se puede cambiar directamente.',
    );
    await userEvent.type(email, 'otro');
    expect(email.value).toBe('admin@tvsistema.test');
  });

  it('disables "Cambiar contraseña"', () => {
    renderProfile();
    expect(
      (screen.getByRole('button', { name: 'Cambiar contraseña' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('"Restablecer" brings back the loaded values', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.clear(field('Cargo'));
    await user.type(field('Cargo'), 'Gerente');
    expect(field('Cargo').value).toBe('Gerente');

    await user.click(screen.getByRole('button', { name: 'Restablecer' }));

    expect(field('Cargo').value).toBe('Directora');
  });

  it('simulates the save for 0.8 s without a call and shows the message for 3 s', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers();
    renderProfile();
    fireEvent.change(field('Teléfono'), { target: { value: '971 000 000' } });

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Guardar cambios' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(SAVED)).toBeDefined();
    expect(field('Teléfono').value).toBe('971 000 000');

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText(SAVED)).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the error text when saving fails', async () => {
    const saveProfile = vi.fn(() => Promise.reject(new Error('fallo')));
    renderProfile(fakeAuth(), { saveProfile });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('No se pudo guardar la información del perfil. Intente nuevamente.'),
    ).toBeDefined();
    expect(screen.queryByText(SAVED)).toBeNull();
  });

  it('passes the edited values to the save', async () => {
    const saveProfile = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderProfile(fakeAuth(), { saveProfile });
    await user.type(field('Teléfono'), '600111222');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(SAVED)).toBeDefined();
    // The answer takes the focus (the button was disabled while saving).
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(saveProfile).toHaveBeenCalledExactlyOnceWith({
      nombre: 'Ana',
      apellido: 'Administradora',
      email: 'admin@tvsistema.test',
      telefono: '600111222',
      empresa: 'Grupo TV',
      cargo: 'Directora',
    });
  });

  it('requires a nombre', async () => {
    const saveProfile = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderProfile(fakeAuth(), { saveProfile });
    await user.clear(field('Nombre'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeDefined();
    // A screen reader hears the field refused, with its message (issue 14).
    expectCampoInvalido(field('Nombre'), 'El nombre es obligatorio');
    expect(saveProfile).not.toHaveBeenCalled();
  });

  it.each([
    ['signed out', fakeAuth({ isAuthenticated: false, user: undefined })],
    ['without a user', fakeAuth({ user: undefined })],
  ])('asks to sign in when %s', (_label, auth) => {
    renderProfile(auth);
    expect(screen.getByText('Debes iniciar sesión para ver tu perfil.')).toBeDefined();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
