import { dniLetter } from '@tvsistema/domain/documento';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A suffix that keeps names and documentos unique for the whole run (the data dir is shared). */
export const uniqueSuffix = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Letters only, for names the server stores upper-cased and matches by text. */
export const uniqueLetters = () =>
  uniqueSuffix()
    .split('')
    .map((digit) => String.fromCharCode(65 + Number(digit)))
    .join('');

/** The API as one user, with the bearer token the SPA itself would send. */
export const apiClient = (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
    put: (url: string, data: unknown) => request.put(url, { headers, data }),
  };
};

export type Api = ReturnType<typeof apiClient>;

/** A lookup of the address picker, by its exact label (getByLabel would match options too). */
export const lookup = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true });

/** A valid, run-unique Spanish NIF (eight digits and the check letter). */
export const uniqueNif = () => {
  const number = Number(uniqueSuffix().slice(-8).padStart(8, '1'));
  return `${String(number).padStart(8, '0')}${dniLetter(number)}`;
};

type LocationRecord = { _id: string; nombre?: string; valor?: string };

/** Palma's city id, where new suppliers' addresses start (SPEC 4.6). */
export const palmaCiudadId = async (api: Api) => {
  const response = await api.get('/api/localizacion/ciudades?nombre=PALMA');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: LocationRecord[] };
  const palma = data.find((ciudad) => ciudad.nombre === 'PALMA');
  expect(palma).toBeDefined();
  return (palma as LocationRecord)._id;
};

/** Creates a location through the API and returns its record. */
export const createLocation = async (api: Api, path: string, body: Record<string, string>) => {
  const response = await api.post(`/api/localizacion/${path}`, body);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: LocationRecord }).data;
};
