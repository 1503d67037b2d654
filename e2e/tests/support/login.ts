import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type Account } from './accounts.js';

/** The names under the logo buttons of the selection screen (SPEC 2.6). */
export const SYSTEM_NAMES = {
  alquileres: 'Alquileres',
  transportes: 'Transportes',
  verticales: 'Trabajos Verticales',
} as const;
export type SystemKey = keyof typeof SYSTEM_NAMES;

/** A logo button of the selection screen, found by what it shows (logo alt text and name). */
export const systemButton = (page: Page, system: SystemKey) =>
  page.getByRole('group', { name: 'Sistemas' }).getByRole('button', { name: SYSTEM_NAMES[system] });

/** The provider's login form (DESIGN.md texts); the page must already show it. */
export const loginForm = (page: Page) => ({
  email: page.getByLabel('Correo electrónico', { exact: true }),
  password: page.getByLabel('Contraseña', { exact: true }),
  submit: page.getByRole('button', { name: 'Iniciar sesión', exact: true }),
});

export const submitLoginForm = async (page: Page, email: string, password: string) => {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
};

/**
 * From the selection screen (signed out) to the provider's login form: choosing a system starts
 * the login (SPEC 4.3). `from` is the page opened first; signed out it leads to the selection.
 */
export const openLoginForm = async (page: Page, system: SystemKey = 'alquileres', from = '/') => {
  await page.goto(from);
  await expect(page.getByRole('heading', { name: 'Selecciona la empresa' })).toBeVisible();
  await systemButton(page, system).click();
  await expect(loginForm(page).email).toBeVisible();
};

/** Waits until the provider has sent the browser back and the callback has moved on. */
export const waitForApp = async (page: Page) => {
  const appOrigin = new URL(test.info().project.use.baseURL ?? '').origin;
  await page.waitForURL((url) => url.origin === appOrigin && url.pathname !== '/callback');
  await expect(page.getByText('Completando inicio de sesión...')).toHaveCount(0);
};

/**
 * Signs in through the real login page, choosing `system` on the selection screen first, and
 * waits until the app has left the callback page.
 */
export const signIn = async (
  page: Page,
  account: Account,
  {
    system = 'alquileres',
    from = '/',
    password = DEMO_PASSWORD,
  }: {
    system?: SystemKey;
    from?: string;
    password?: string;
  } = {},
) => {
  await openLoginForm(page, system, from);
  await submitLoginForm(page, account.email, password);
  await expect(loginForm(page).email).toHaveCount(0);
  await waitForApp(page);
};
