import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type Account } from './accounts.js';

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

/** From the app's start page to the provider's login form. */
export const openLoginForm = async (page: Page) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(loginForm(page).email).toBeVisible();
};

/** Signs in through the real login page and waits until the app shows the user. */
export const signIn = async (page: Page, account: Account, password = DEMO_PASSWORD) => {
  await openLoginForm(page);
  await submitLoginForm(page, account.email, password);
  await expect(page.getByRole('heading', { name: account.name })).toBeVisible();
};
