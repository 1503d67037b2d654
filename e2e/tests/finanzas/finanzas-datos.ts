import type { APIRequestContext } from '@playwright/test';
import { authFile, savedAccessToken } from '../support/auth-state.js';
import {
  apiClient,
  createLocation,
  palmaCiudadId,
  uniqueLetters,
  uniqueNif,
  type Api,
} from '../support/crm.js';
import { diaEnMadrid } from '@tvsistema/domain/format';
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
  // Palma's own 07001 from the reference data: a postcode made up per run (07 and three digits of
  // the clock) could be one of Palma's real ones, or another journey's of the same run.
  const cps = (
    (await (
      await api.get(`/api/localizacion/codigos-postales?ciudadId=${ciudadId}&valorParcial=07001`)
    ).json()) as { data: { _id: string; valor: string }[] }
  ).data;
  const cp = cps.find((c) => c.valor === '07001');
  expect(cp, 'Palma tiene el código postal 07001').toBeDefined();
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
    codigoPostalId: (cp as { _id: string })._id,
    altura: 37,
  };
};

/** The alquileres emisor (journeys run without the demo world) and a client with NIF and address. */
export const prepararDatos = async (api: Api, request: APIRequestContext, baseURL: string) => {
  const direccion = await direccionPalma(api);
  const token = savedAccessToken(authFile('admin'), new URL(baseURL).origin);
  // Other journeys (and the axe tour's records) write the same emisor at the same time: a stale
  // version is read again and the same data written.
  for (let intento = 1; ; intento += 1) {
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
    if (emisor.status() === 409 && intento < 3) continue;
    expect(emisor.status(), await emisor.text()).toBe(200);
    break;
  }
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
  return { id, nombre, documento, direccion };
};

/** The first day of the previous month and today, Madrid calendar days (the run's real clock). */
export const mesAnterior = () => {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m] = hoy.split('-').map(Number) as [number, number];
  const primero = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const ultimo = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { primero, ultimo, hoy };
};

/**
 * A `mensual_vencido` rental of one machine for `cliente`, delivered on the first day of the
 * previous month (an emitted entrega): the rental run proposes that month.
 */
export const alquilerEntregado = async (
  api: Api,
  cliente: { id: string; direccion: Awaited<ReturnType<typeof direccionPalma>> },
) => {
  const tag = uniqueLetters().slice(-8);
  const post = async (url: string, body: Record<string, unknown>) => {
    const r = await api.post(url, body);
    expect(r.status(), `${url}: ${await r.text()}`).toBeLessThan(300);
    return ((await r.json()) as { data: Record<string, unknown> }).data;
  };
  const { primero, hoy } = mesAnterior();
  const maquina = await post('/api/maquinaria', {
    tipo: 'generador',
    marca: 'Atlas Copco',
    modelo: `QAS 30 ${tag}`,
    anio: 2021,
    numeroSerie: `FAC-${tag}`,
    tarifas: { dia: '65.00', semana: '250.00', mes: '700.00' },
    pesoKg: '1100.0',
  });
  const { paisId, provinciaId, municipioId } = cliente.direccion;
  const fin = new Date(Date.parse(`${hoy}T12:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
  const alquiler = await post('/api/alquileres', {
    clienteId: cliente.id,
    obraNombre: `Obra ${tag}`,
    facturacion: 'mensual_vencido',
    direccionObra: { paisId, provinciaId, municipioId },
    lineas: [{ clase: 'maquina', maquinaId: maquina['_id'], fechaInicio: primero, fechaFin: fin }],
  });
  const albaran = await post('/api/albaranes', {
    tipo: 'entrega',
    alquilerId: alquiler['_id'],
    fechaHora: `${primero}T09:00:00+01:00`,
    lineas: [{ clase: 'maquina', articuloId: maquina['_id'], cantidad: '1' }],
  });
  await post(`/api/albaranes/${String(albaran['_id'])}/emitir`, { version: albaran['version'] });
  return { id: String(alquiler['_id']), numero: String(alquiler['numero']) };
};

/**
 * Scenario 20's data, made by administración: the transporte emisor, complete as emission
 * requires, a transport client with NIF and address, and two of its albaranes delivered with a
 * price (8.000 kg, 180,00 € and 95,00 €), billable from the transport invoice form.
 */
export const prepararTransporte = async (request: APIRequestContext, baseURL: string) => {
  const admin = apiClient(request, savedAccessToken(authFile('admin'), new URL(baseURL).origin));
  const direccion = await direccionPalma(admin);
  const actual = (await (await admin.get('/api/facturas/emisores/transporte')).json()) as {
    data: { version: number };
  };
  const emisor = await admin.put('/api/facturas/emisores/transporte', {
    razonSocial: 'Mallorca Transporta, S.L.',
    nif: 'B07123458',
    direccion,
    telefono: null,
    email: null,
    iban: 'ES03 2038 6543 9660 0012 3456',
    bic: null,
    registroMercantil: null,
    epigrafeIae: '722',
    descripcionOperacion: null,
    diasVencimiento: 30,
    version: actual.data.version,
  });
  expect(emisor.status(), await emisor.text()).toBe(200);
  const nombre = `Àrids ${uniqueLetters().slice(-8)}`;
  const documento = uniqueNif();
  const cliente = await admin.post('/api/clientes', {
    nombre,
    empresa: 'transporte',
    documento,
    direccion,
  });
  expect(cliente.status(), await cliente.text()).toBe(201);
  const { _id: id } = ((await cliente.json()) as { data: { _id: string } }).data;
  const lugar = (n: string) => ({
    nombre: n,
    direccion: {
      paisId: direccion.paisId,
      provinciaId: direccion.provinciaId,
      municipioId: direccion.municipioId,
    },
  });
  // A subcontracted carrier: a typed plate of our own fleet would have to be a fleet truck (R11).
  const proveedor = await admin.post('/api/proveedores', {
    nombre: `Transports ${uniqueLetters().slice(-8)}`,
    documento: uniqueNif(),
    empresa: 'transporte',
  });
  expect(proveedor.status(), await proveedor.text()).toBe(201);
  const proveedorId = ((await proveedor.json()) as { data: { _id: string } }).data._id;
  const albaranes: string[] = [];
  for (const precio of ['180.00', '95.00']) {
    const creado = await admin.post('/api/albaranes/transporte', {
      clienteId: id,
      destinatario: { nombre: 'Obras Alcúdia, S.L.' },
      origen: lugar('Cantera Son Ferrer'),
      destino: lugar('Port d’Alcúdia'),
      fechaCarga: diaEnMadrid(),
      transportista: { tipo: 'subcontratado', proveedorId },
      matricula: '1234 BCD',
      conductor: { nombre: 'Antoni Bauzà Mas', dni: '43098765P' },
      mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 8000 },
      precio,
    });
    expect(creado.status(), await creado.text()).toBe(201);
    const a = ((await creado.json()) as { data: { _id: string; numero: string; version: number } })
      .data;
    const entregado = await admin.post(`/api/albaranes/transporte/${a._id}/entregar`, {
      version: a.version,
      sinFirmaMotivo: 'Conforme firmado en papel por el receptor',
    });
    expect(entregado.status(), await entregado.text()).toBe(200);
    albaranes.push(a.numero);
  }
  return { id, nombre, documento, albaranes };
};
