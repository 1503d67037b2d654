import type { APIRequestContext } from '@playwright/test';
import { authFile, savedAccessToken } from '../support/auth-state.js';
import {
  createLocation,
  palmaCiudadId,
  uniqueLetters,
  uniqueNif,
  type Api,
} from '../support/crm.js';
import { expect } from '../support/fixtures.js';

// The data finanzas' journeys need (they run without the demo world): the alquileres emisor,
// complete as emission requires, and a client with NIF and address.

/** An address in Palma (a street and a postcode of the run's own) for the emisor and the client. */
const direccionPalma = async (api: Api) => {
  const ciudadId = await palmaCiudadId(api);
  const ciudad = (
    (await (await api.get(`/api/localizacion/ciudades/${ciudadId}`)).json()) as {
      data: { provinciaId: string; municipioId: string };
    }
  ).data;
  const sufijo = uniqueLetters().slice(-6);
  const calle = await createLocation(api, 'calles', { nombre: `Camí Vell ${sufijo}`, ciudadId });
  const cp = await createLocation(api, 'codigos-postales', {
    valor: `07${String(Date.now()).slice(-3)}`,
    ciudadId,
  });
  const provincia = (
    (await (await api.get(`/api/localizacion/provincias/${ciudad.provinciaId}`)).json()) as {
      data: { paisId: string };
    }
  ).data;
  return {
    paisId: provincia.paisId,
    provinciaId: ciudad.provinciaId,
    municipioId: ciudad.municipioId,
    ciudadId,
    calleId: calle._id,
    codigoPostalId: cp._id,
    altura: 37,
  };
};

/** The alquileres emisor (journeys run without the demo world) and a client with NIF and address. */
export const prepararDatos = async (api: Api, request: APIRequestContext, baseURL: string) => {
  const direccion = await direccionPalma(api);
  const token = savedAccessToken(authFile('admin'), new URL(baseURL).origin);
  const actual = (await (await api.get('/api/facturas/emisores/alquileres')).json()) as {
    data: { version: number };
  };
  const emisor = await request.put('/api/facturas/emisores/alquileres', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
      nif: 'B07654320',
      direccion,
      telefono: null,
      email: null,
      iban: 'ES60 0081 0573 8800 0123 4567',
      bic: null,
      registroMercantil: null,
      epigrafeIae: '852',
      descripcionOperacion: null,
      diasVencimiento: 30,
      version: actual.data.version,
    },
  });
  expect(emisor.status(), await emisor.text()).toBe(200);
  const nombre = `Construcciones ${uniqueLetters().slice(-8)}`;
  const documento = uniqueNif();
  const cliente = await api.post('/api/clientes', {
    nombre,
    empresa: 'alquileres',
    documento,
    direccion,
  });
  expect(cliente.status(), await cliente.text()).toBe(201);
  const { _id: id } = ((await cliente.json()) as { data: { _id: string } }).data;
  return { id, nombre, documento };
};
