import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { cachedAccessToken } from './app.js';

/** A suffix that keeps names and documentos unique for the whole run (the data dir is shared). */
export const uniqueSuffix = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Letters only, for names the server stores upper-cased and matches by text. */
export const uniqueLetters = () =>
  uniqueSuffix()
    .split('')
    .map((digit) => String.fromCharCode(65 + Number(digit)))
    .join('');

/** The signed-in user's API token, as the SPA itself sends it. */
export const apiToken = async (page: Page) => {
  await expect.poll(() => cachedAccessToken(page)).not.toBeNull();
  return (await cachedAccessToken(page)) as string;
};

/** Calls the API as the signed-in user (seeding through the API, DESIGN.md). */
export const apiAs = async (page: Page, request: APIRequestContext) => {
  const token = await apiToken(page);
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
  };
};

/** A lookup of the address picker, by its exact label (getByLabel would match options too). */
export const lookup = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true });
