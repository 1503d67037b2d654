import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { loginForm, openLoginForm, signIn, submitLoginForm } from '../support/login.js';

const appOrigin = (baseURL: string | undefined) => new URL(baseURL ?? '').origin;

test.describe('inicio de sesión', () => {
  test('el administrador inicia sesión en la página de acceso y ve su nombre', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, ACCOUNTS.admin);

    expect(new URL(page.url()).origin).toBe(appOrigin(baseURL));
    await expect(page.getByText(ACCOUNTS.admin.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  });

  test('recargar la página conserva la sesión', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);

    await page.reload();

    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.name })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(appOrigin(baseURL));
    await expect(loginForm(page).email).toHaveCount(0);
  });

  test('cerrar sesión la termina también en el proveedor', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.admin);

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();

    const signInButton = page.getByRole('button', { name: 'Iniciar sesión', exact: true });
    await expect(signInButton).toBeVisible();
    expect(new URL(page.url()).origin).toBe(appOrigin(baseURL));
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.name })).toHaveCount(0);

    // Reopening the app must not bring the session back silently…
    await page.goto('/');
    await expect(signInButton).toBeVisible();
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.name })).toHaveCount(0);

    // …and signing in again must ask for credentials: the provider's session is gone too.
    await signInButton.click();
    await expect(loginForm(page).email).toBeVisible();
    await expect(loginForm(page).password).toBeVisible();
  });

  test('una contraseña incorrecta muestra el error y conserva el correo escrito', async ({
    page,
  }) => {
    await openLoginForm(page);

    await submitLoginForm(page, ACCOUNTS.admin.email, 'no-es-la-clave');

    await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
    await expect(loginForm(page).email).toHaveValue(ACCOUNTS.admin.email);
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.name })).toHaveCount(0);
  });
});
