import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Camion, Conductor } from '@tvsistema/domain/flota';
import {
  conductorBody,
  crearCamion,
  crearConductor,
  createFlotaTest,
  dataOf,
  leerCamion,
  type FlotaTest,
} from './flota-helpers.js';

// flota-obras.md §2.2, §3 and §4.6: drivers (fields, uniqueness, the assignment rules of
// permiso and CAP dates, deactivation) and the workshop state actions.

let t: FlotaTest;
beforeAll(async () => {
  t = await createFlotaTest('2026-11-22');
});
afterAll(async () => {
  await t?.close();
});

describe('conductores', () => {
  test('§2.2: a valid DNI/NIE, CAP with classes beyond B, one driver per documento', async () => {
    const malo = await t.api.post(
      '/api/conductores',
      conductorBody({ documento: '43123456A', capVencimiento: null, clasesPermiso: [] }),
    );
    expect(malo.statusCode).toBe(400);
    expect(malo.json<{ errors: string[] }>().errors).toEqual([
      'documento: Indica un DNI o NIE válido',
      'clasesPermiso: Marca al menos una clase de permiso',
    ]);
    const sinCap = await t.api.post('/api/conductores', conductorBody({ capVencimiento: null }));
    expect(sinCap.json<{ errors: string[] }>().errors).toEqual([
      'capVencimiento: Indica el vencimiento del CAP (obligatorio con permisos distintos de B)',
    ]);
    const joan = await crearConductor(t, { documento: '43123456c', clasesPermiso: ['CE', 'B'] });
    expect(joan).toMatchObject({
      documento: '43123456C',
      clasesPermiso: ['B', 'CE'],
      nombreCompleto: 'Joan Pons Amengual',
      activo: true,
    });
    const otro = await t.api.post('/api/conductores', conductorBody());
    expect(otro.statusCode).toBe(409);
    expect(otro.json<{ message: string }>().message).toBe(
      'Ya existe un conductor con el documento 43123456C',
    );
    const lista = await t.api.get('/api/conductores?searchTerm=pons', 'operaciones');
    expect(lista.json<{ data: Conductor[] }>().data.map((c) => c.documento)).toEqual(['43123456C']);
    expect((await t.api.post('/api/conductores', conductorBody(), 'transportes')).statusCode).toBe(
      403,
    );
  });

  test('§4.6: expired permiso and CAP, an inactive driver; deactivating unassigns', async () => {
    const pere = await crearConductor(t, {
      nombre: 'Pere',
      apellidos: 'Riera Sastre',
      documento: '43211987R',
      clasesPermiso: ['B', 'C', 'CE'],
      permisoVencimiento: '2026-11-01',
      capVencimiento: '2026-10-01',
      activo: false,
    });
    const tractora = await crearCamion(t, { tipo: 'tractora', mmaKg: 18_000, taraKg: 7450 });
    const rechazo = await t.api.put(`/api/camiones/${tractora._id}`, {
      ...(await cuerpoDe(tractora._id)),
      conductorHabitualId: pere._id,
    });
    expect(rechazo.statusCode).toBe(409);
    expect(rechazo.json()).toEqual({
      message: 'No se puede asignar el conductor habitual',
      errors: [
        'conductorHabitualId: Pere Riera Sastre no está activo',
        'conductorHabitualId: El permiso de conducir de Pere Riera Sastre caducó el 01/11/2026',
        'conductorHabitualId: El CAP de Pere Riera Sastre caducó el 01/10/2026',
      ],
    });

    const antoni = await crearConductor(t, {
      nombre: 'Antoni',
      apellidos: 'Bauzà Mas',
      documento: '43098765P',
    });
    const camion = await crearCamion(t, { conductorHabitualId: antoni._id });
    const baja = await t.api.put(`/api/conductores/${antoni._id}`, {
      ...conductorBody({ nombre: 'Antoni', apellidos: 'Bauzà Mas', documento: '43098765P' }),
      activo: false,
      version: antoni.version,
    });
    expect(baja.statusCode).toBe(200);
    expect(dataOf<Conductor>(baja)).toMatchObject({ activo: false, vehiculoHabitual: null });
    expect((await leerCamion(t, camion._id)).conductorHabitual).toBeNull();
  });

  test('§3: workshop and back; an action the estado does not offer is refused', async () => {
    const camion = await crearCamion(t);
    const taller = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'enviar_taller',
      fecha: '2026-11-20',
      version: camion.version,
    });
    expect(dataOf<Camion>(taller)).toMatchObject({
      estado: 'en_taller',
      fechaEntradaTaller: '2026-11-20',
      apto: false,
      motivosNoApto: ['En taller'],
    });
    const v = dataOf<Camion>(taller).version;
    const otra = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'enviar_taller',
      fecha: '2026-11-21',
      version: v,
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json<{ message: string }>().message).toBe(
      'El vehículo está en taller: no admite esta acción',
    );
    const antes = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'volver_servicio',
      fecha: '2026-11-19',
      version: v,
    });
    expect(antes.json<{ errors: string[] }>().errors).toEqual([
      'fecha: La fecha no puede ser anterior a la entrada en el taller',
    ]);
    const vuelta = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'volver_servicio',
      fecha: '2026-11-22',
      version: v,
    });
    expect(dataOf<Camion>(vuelta)).toMatchObject({ estado: 'activo', apto: true });
    const sinMotivo = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'dar_baja',
      fecha: '2026-11-22',
      version: dataOf<Camion>(vuelta).version,
    });
    expect(sinMotivo.json<{ errors: string[] }>().errors).toEqual(['motivo: Indica el motivo']);
  });
});

/** The PUT body of a vehicle as it is. */
const cuerpoDe = async (id: string) => {
  const c = await leerCamion(t, id);
  return {
    matricula: c.matricula,
    bastidor: c.bastidor,
    tipo: c.tipo,
    marca: c.marca,
    modelo: c.modelo,
    fechaPrimeraMatriculacion: c.fechaPrimeraMatriculacion,
    fechaAlta: c.fechaAlta,
    mmaKg: c.mmaKg,
    taraKg: c.taraKg,
    itvProximaInicial: c.itvProximaInicial,
    autorizacion: c.autorizacion && { tipo: c.autorizacion.tipo },
    tacografo: c.tacografo && { tipo: c.tacografo.tipo },
    version: c.version,
  };
};
