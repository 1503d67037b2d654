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

/** A valid, run-unique Spanish NIF (eight digits and the check letter). */
export const uniqueNif = () => {
  const number = Number(uniqueSuffix().slice(-8).padStart(8, '1'));
  return `${String(number).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
};

type LocationRecord = { _id: string; nombre?: string; valor?: string };

/** Palma's city id, where new suppliers' addresses start (SPEC 4.6). */
export const palmaCiudadId = async (api: Awaited<ReturnType<typeof apiAs>>) => {
  const response = await api.get('/api/localizacion/ciudades?nombre=PALMA');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: LocationRecord[] };
  const palma = data.find((ciudad) => ciudad.nombre === 'PALMA');
  expect(palma).toBeDefined();
  return (palma as LocationRecord)._id;
};

/** Creates a location through the API and returns its record. */
export const createLocation = async (
  api: Awaited<ReturnType<typeof apiAs>>,
  path: string,
  body: Record<string, string>,
) => {
  const response = await api.post(`/api/localizacion/${path}`, body);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: LocationRecord }).data;
};
