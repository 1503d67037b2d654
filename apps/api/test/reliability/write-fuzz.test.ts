import { getTableName, is, Table } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listRoutePermissions, PLUGIN_PUBLIC_PREFIXES, schema } from '../../src/index.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { fullDireccion, seedLocations } from '../proveedores/partes-helpers.js';
import type { LocationTree } from '../proveedores/partes-helpers.js';

// Issue 12: a property-based fuzz test over every write endpoint. Each route starts from a valid
// body (its seed below) and fast-check mutates it: NUL and other control characters, huge strings,
// deep nesting, prototype keys, numbers at the edges, wrong types, missing and unknown fields,
// broken JSON. Whatever comes in, the API answers below 500 with a Spanish `{ message, errors? }`
// and no stack trace, and a refused write changes no row anywhere.
//
// The write routes are read from the app itself: a module that adds one fails the first test
// until it gives the route a seed here, so new modules join the fuzzing by themselves.

/**
 * Generated requests per write route; the total is printed (the README quotes it). The suite's
 * share of CI stays about the same as modules add routes: 1,200 requests shared out, between 8
 * and 30 a route (FUZZ_RUNS fixes it, e.g. 200 for a long local run). Each request reads a
 * row-write counter twice (see `installWriteCounter`).
 */
const runsPerRoute = (routes: number) =>
  Number(process.env.FUZZ_RUNS) || Math.max(8, Math.min(30, Math.floor(1200 / routes)));
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Body = Record<string, unknown>;
type Target = {
  /** The concrete URL to call (ids filled in). */
  url: () => Promise<string>;
  /** A valid body for that URL, read fresh before every run (a version may have moved on). */
  body: () => Promise<Body | undefined>;
};

let t: TestApp;
let tree: LocationTree;
let auth: { authorization: string };

const inject = async (method: string, url: string, payload?: string) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload }),
  });

const created = async (url: string, body: Body): Promise<Body> => {
  const response = await inject('POST', url, JSON.stringify(body));
  if (response.statusCode !== 201) throw new Error(`POST ${url} → ${response.body}`);
  const json = response.json<Body & { data?: Body }>();
  return json.data ?? json;
};

const idOf = (record: Body) => String(record._id ?? record.id);

/** The record as GET answers it, minus what a PUT body may not carry. */
const editable = async (url: string, drop: readonly string[]): Promise<Body> => {
  const json = (await inject('GET', url)).json<Body & { data?: Body }>();
  const record = { ...(json.data ?? json) };
  for (const key of ['_id', 'id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', ...drop]) {
    delete record[key];
  }
  return record;
};

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${(sequence += 1)}`;

const parte = (): Body => ({
  nombre: unique('Suministros Fuzz'),
  empresa: 'alquileres',
  activo: true,
  contactos: [{ nombre: 'Ana Fuzz', telefono: '971000000', correo: 'ana@fuzz.test' }],
  observaciones: ['Primera línea'],
  direccion: fullDireccion(tree),
});

/** POST and PUT of a party collection, PUT on a record created once. */
const parteTargets = (resource: string): Record<string, Target> => {
  let id: Promise<string> | undefined;
  const recordUrl = () => (id ??= created(`/api/${resource}`, parte()).then(idOf));
  return {
    [`POST /api/${resource}`]: { url: async () => `/api/${resource}`, body: async () => parte() },
    [`PUT /api/${resource}/:id`]: {
      url: async () => `/api/${resource}/${await recordUrl()}`,
      body: async () => editable(`/api/${resource}/${await recordUrl()}`, ['empresa', 'tipo']),
    },
  };
};

/** A valid create body per location level, under seedLocations' tree. */
const LOCATION_BODIES: Record<string, () => Body> = {
  paises: () => ({ nombre: unique('Tierra Fuzz'), codigo: 'TF' }),
  provincias: () => ({ nombre: unique('Comarca Fuzz'), paisId: tree.paisId }),
  municipios: () => ({ nombre: unique('Villa Fuzz'), provinciaId: tree.provinciaId }),
  ciudades: () => ({
    nombre: unique('Ciudad Fuzz'),
    provinciaId: tree.provinciaId,
    municipioId: tree.municipioId,
  }),
  calles: () => ({ nombre: unique('Carrer Fuzz'), ciudadId: tree.ciudadId }),
  'codigos-postales': () => ({
    valor: String(7000 + (sequence += 1)).padStart(5, '0'),
    ciudadId: tree.ciudadId,
  }),
};

const locationTargets = (): Record<string, Target> =>
  Object.fromEntries(
    Object.entries(LOCATION_BODIES).flatMap(([level, body]) => {
      const base = `/api/localizacion/${level}`;
      let id: Promise<string> | undefined;
      const recordId = () => (id ??= created(base, body()).then(idOf));
      // DELETE has no body: its id is what gets fuzzed, on a fresh record each time.
      return [
        [`POST ${base}`, { url: async () => base, body: async () => body() }],
        [
          `PUT ${base}/:id`,
          {
            url: async () => `${base}/${await recordId()}`,
            body: async () => editable(`${base}/${await recordId()}`, []),
          },
        ],
        [
          `DELETE ${base}/:id`,
          {
            url: async () => `${base}/${idOf(await created(base, body()))}`,
            body: async () => undefined,
          },
        ],
      ];
    }),
  );

/** The empresa's legal data: one record per empresa, read fresh (its version moves on). */
const emisorTargets = (): Record<string, Target> => ({
  'PUT /api/facturas/emisores/:empresa': {
    url: async () => '/api/facturas/emisores/verticales',
    body: async () => ({
      razonSocial: 'Trabajos Verticales Mallorca, S.L.',
      nif: 'B07456783',
      direccion: { ...fullDireccion(tree), planta: null, local: null, observacion: null },
      iban: 'ES55 2100 0815 5902 0045 6789',
      diasVencimiento: 30,
      version: (await inject('GET', '/api/facturas/emisores/verticales')).json<{
        data: { version: number };
      }>().data.version,
    }),
  },
});

/** The caller's own preferences (issue 14): one record per subject, replaced by each save. */
const preferenciasTargets = (): Record<string, Target> => ({
  'PUT /api/preferencias': {
    url: async () => '/api/preferencias',
    body: async () => ({
      sistemaPorDefecto: 'alquileres',
      vistaListas: 'list',
      tamanoPagina: 50,
      densidad: 'compacta',
    }),
  },
});

/** A supplier's documents: JSON of any shape is not a multipart upload; ids are fuzzed on DELETE. */
const archivoTargets = (): Record<string, Target> => {
  let id: Promise<string> | undefined;
  const supplier = () => (id ??= created('/api/proveedores', parte()).then(idOf));
  return {
    'POST /api/proveedores/:id/archivos': {
      url: async () => `/api/proveedores/${await supplier()}/archivos`,
      body: async () => ({ archivo: 'contrato.pdf' }),
    },
    'DELETE /api/proveedores/:id/archivos/:archivoId': {
      url: async () => `/api/proveedores/${await supplier()}/archivos/x`,
      body: async () => undefined,
    },
  };
};

/** Inventario (inventario.md §6): a valid body per write route, on records created once. */
const inventarioTargets = (): Record<string, Target> => {
  const maquina = (): Body => ({
    tipo: 'miniexcavadora',
    marca: 'Kubota',
    modelo: 'U17',
    anio: 2021,
    numeroSerie: unique('FZ').replace(/\s/g, '-'),
    tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
    pesoKg: '1680.0',
  });
  const componente = (): Body => ({
    codigo: unique('FZ').replace(/\s/g, '-'),
    nombre: 'Marco fuzz',
    categoria: 'marco',
    pesoKg: '18.500',
    precios: { dia: '0.0500' },
    stockInicial: 100,
  });
  const concepto = (): Body => ({
    codigo: unique('FZ').replace(/\s/g, '-'),
    nombre: 'Transporte fuzz',
    tipo: 'transporte',
    unidad: 'viaje',
    precio: '85.00',
  });
  let maquinaId: Promise<string> | undefined;
  let componenteId: Promise<string> | undefined;
  let conceptoId: Promise<string> | undefined;
  let mantenimientoId: Promise<string> | undefined;
  const m = () => (maquinaId ??= created('/api/maquinaria', maquina()).then(idOf));
  const c = () => (componenteId ??= created('/api/andamios', componente()).then(idOf));
  const k = () => (conceptoId ??= created('/api/conceptos', concepto()).then(idOf));
  const versionOf = async (url: string) =>
    (await inject('GET', url)).json<{ data: { version: number } }>().data.version;
  const planned = () =>
    (mantenimientoId ??= m().then(async (id) =>
      idOf(
        await created(`/api/maquinaria/${id}/mantenimientos`, {
          tipo: 'revision',
          descripcion: 'Revisión fuzz',
          fechaInicio: '2099-01-01',
          fechaFinPrevista: '2099-01-02',
        }),
      ),
    ));
  const hoy = new Date().toISOString().slice(0, 10);
  const target = (url: () => Promise<string>, body: () => Promise<Body | undefined>): Target => ({
    url,
    body,
  });
  return {
    'POST /api/maquinaria': target(
      async () => '/api/maquinaria',
      async () => maquina(),
    ),
    'PUT /api/maquinaria/:id': target(
      async () => `/api/maquinaria/${await m()}`,
      async () => ({
        ...maquina(),
        numeroSerie: 'FZ-FIJO',
        version: await versionOf(`/api/maquinaria/${await m()}`),
      }),
    ),
    'DELETE /api/maquinaria/:id': target(
      async () => `/api/maquinaria/${idOf(await created('/api/maquinaria', maquina()))}`,
      async () => undefined,
    ),
    'POST /api/maquinaria/:id/baja': target(
      async () =>
        `/api/maquinaria/${idOf(await created('/api/maquinaria', maquina()))}`.concat('/baja'),
      async () => ({ fecha: hoy, motivo: 'venta', version: 1 }),
    ),
    'POST /api/maquinaria/:id/reactivar': target(
      async () => `/api/maquinaria/${await m()}/reactivar`,
      async () => ({
        motivo: 'Vuelve al parque',
        version: await versionOf(`/api/maquinaria/${await m()}`),
      }),
    ),
    'POST /api/maquinaria/:id/horometro': target(
      async () => `/api/maquinaria/${await m()}/horometro`,
      async () => ({ fecha: hoy, lectura: '10.0' }),
    ),
    'DELETE /api/maquinaria/:id/horometro/:lecturaId': target(
      async () => `/api/maquinaria/${await m()}/horometro/x`,
      async () => undefined,
    ),
    'POST /api/maquinaria/:id/mantenimientos': target(
      async () => `/api/maquinaria/${await m()}/mantenimientos`,
      async () => ({
        tipo: 'otro',
        descripcion: 'Engrase',
        fechaInicio: '2099-02-01',
        fechaFinPrevista: '2099-02-01',
      }),
    ),
    'PUT /api/maquinaria/:id/mantenimientos/:mid': target(
      async () => `/api/maquinaria/${await m()}/mantenimientos/${await planned()}`,
      async () => ({
        tipo: 'revision',
        descripcion: 'Revisión fuzz',
        fechaInicio: '2099-01-01',
        fechaFinPrevista: '2099-01-02',
      }),
    ),
    ...Object.fromEntries(
      (['iniciar', 'cancelar', 'finalizar'] as const).map((accion) => [
        `POST /api/maquinaria/:id/mantenimientos/:mid/${accion}`,
        target(
          async () => `/api/maquinaria/${await m()}/mantenimientos/${await planned()}/${accion}`,
          async () => (accion === 'finalizar' ? { fechaFinReal: hoy, resultado: 'Hecho' } : {}),
        ),
      ]),
    ),
    'POST /api/maquinaria/:id/documentos': target(
      async () => `/api/maquinaria/${await m()}/documentos`,
      async () => ({ tipo: 'manual' }),
    ),
    'DELETE /api/maquinaria/:id/documentos/:docId': target(
      async () => `/api/maquinaria/${await m()}/documentos/x`,
      async () => undefined,
    ),
    'PUT /api/maquinaria/:id/foto': target(
      async () => `/api/maquinaria/${await m()}/foto`,
      async () => ({ archivo: 'foto.jpg' }),
    ),
    'POST /api/andamios': target(
      async () => '/api/andamios',
      async () => componente(),
    ),
    'PUT /api/andamios/:id': target(
      async () => `/api/andamios/${await c()}`,
      async () => ({
        ...componente(),
        codigo: 'FZ-FIJO',
        version: await versionOf(`/api/andamios/${await c()}`),
      }),
    ),
    'DELETE /api/andamios/:id': target(
      async () => `/api/andamios/${idOf(await created('/api/andamios', componente()))}`,
      async () => undefined,
    ),
    'POST /api/andamios/:id/movimientos': target(
      async () => `/api/andamios/${await c()}/movimientos`,
      async () => ({ tipo: 'alta', cantidad: 5, fecha: hoy }),
    ),
    'POST /api/andamios/:id/reparaciones': target(
      async () => `/api/andamios/${await c()}/reparaciones`,
      async () => ({ tipo: 'enviar', cantidad: 1, fecha: hoy }),
    ),
    'POST /api/andamios/:id/recuento': target(
      async () => `/api/andamios/${await c()}/recuento`,
      async () => ({ contado: 100, disponibleLeido: 100, fecha: hoy, motivo: 'Recuento fuzz' }),
    ),
    'POST /api/conceptos': target(
      async () => '/api/conceptos',
      async () => concepto(),
    ),
    'PUT /api/conceptos/:id': target(
      async () => `/api/conceptos/${await k()}`,
      async () => ({
        ...concepto(),
        codigo: 'FZ-FIJO',
        version: await versionOf(`/api/conceptos/${await k()}`),
      }),
    ),
    'DELETE /api/conceptos/:id': target(
      async () => `/api/conceptos/${idOf(await created('/api/conceptos', concepto()))}`,
      async () => undefined,
    ),
    'POST /api/inventario/disponibilidad': target(
      async () => '/api/inventario/disponibilidad',
      async () => ({
        lineas: [{ maquinaId: await m(), desde: '2099-03-01', hasta: '2099-03-05' }],
      }),
    ),
  };
};

/** Flota (flota-obras.md §6, part A): a valid body per write route, on records created once. */
const flotaTargets = (): Record<string, Target> => {
  const hoy = new Date().toISOString().slice(0, 10);
  const camion = (): Body => {
    const n = (sequence += 1);
    return {
      matricula: `${1000 + n}FZB`,
      bastidor: `WDB96340810${String(n).padStart(6, '0')}`,
      tipo: 'rigido',
      marca: 'Iveco',
      modelo: 'Eurocargo',
      fechaPrimeraMatriculacion: '2020-01-10',
      fechaAlta: '2020-01-10',
      itvProximaInicial: '2099-01-10',
      mmaKg: 12_000,
      taraKg: 6900,
      autorizacion: { tipo: 'MDP', numero: 'FUZZ-1', visadoHasta: '2099-09-30' },
      tacografo: { tipo: 'digital', ultimaRevision: hoy },
    };
  };
  const conductor = (): Body => {
    const numero = 40_000_000 + (sequence += 1);
    return {
      nombre: 'Conductor',
      apellidos: 'Fuzz Fuzz',
      documento: `${numero}${'TRWAGMYFPDXBNJZSQVHLCKE'[numero % 23]}`,
      clasesPermiso: ['B', 'C'],
      permisoVencimiento: '2099-01-01',
      capVencimiento: '2099-01-01',
    };
  };
  let camionId: Promise<string> | undefined;
  let conductorId: Promise<string> | undefined;
  const cam = () => (camionId ??= created('/api/camiones', camion()).then(idOf));
  const con = () => (conductorId ??= created('/api/conductores', conductor()).then(idOf));
  const versionOf = async (url: string) =>
    (await inject('GET', url)).json<{ data: { version: number } }>().data.version;
  const target = (url: () => Promise<string>, body: () => Promise<Body | undefined>): Target => ({
    url,
    body,
  });
  const sub = (path: string) => async () => `/api/camiones/${await cam()}/${path}`;
  return {
    'POST /api/camiones': target(
      async () => '/api/camiones',
      async () => camion(),
    ),
    'PUT /api/camiones/:id': target(
      async () => `/api/camiones/${await cam()}`,
      async () => ({
        ...camion(),
        version: await versionOf(`/api/camiones/${await cam()}`),
      }),
    ),
    'DELETE /api/camiones/:id': target(
      async () => `/api/camiones/${idOf(await created('/api/camiones', camion()))}`,
      async () => undefined,
    ),
    'POST /api/camiones/:id/estado': target(sub('estado'), async () => ({
      accion: 'enviar_taller',
      fecha: hoy,
      version: await versionOf(`/api/camiones/${await cam()}`),
    })),
    'POST /api/camiones/:id/itv': target(sub('itv'), async () => ({
      fecha: hoy,
      resultado: 'favorable',
      estacion: 'ITV Fuzz',
    })),
    'PUT /api/camiones/:id/itv/:itvId': target(sub('itv/x'), async () => ({
      fecha: hoy,
      resultado: 'favorable',
      version: 1,
    })),
    'DELETE /api/camiones/:id/itv/:itvId': target(sub('itv/x'), async () => undefined),
    'POST /api/camiones/:id/mantenimientos': target(sub('mantenimientos'), async () => ({
      fecha: hoy,
      tipo: 'frenos',
      km: 1000,
      coste: '100.00',
    })),
    'PUT /api/camiones/:id/mantenimientos/:mantenimientoId': target(
      sub('mantenimientos/x'),
      async () => ({ fecha: hoy, tipo: 'frenos', km: 1000, coste: '100.00', version: 1 }),
    ),
    'DELETE /api/camiones/:id/mantenimientos/:mantenimientoId': target(
      sub('mantenimientos/x'),
      async () => undefined,
    ),
    'POST /api/camiones/:id/kilometraje': target(sub('kilometraje'), async () => ({
      fecha: hoy,
      km: 1000,
    })),
    'DELETE /api/camiones/:id/kilometraje/:lecturaId': target(
      sub('kilometraje/x'),
      async () => undefined,
    ),
    'POST /api/camiones/:id/archivos': target(sub('archivos'), async () => ({
      archivo: 'poliza.pdf',
    })),
    'DELETE /api/camiones/:id/archivos/:archivoId': target(
      sub('archivos/x'),
      async () => undefined,
    ),
    'POST /api/conductores': target(
      async () => '/api/conductores',
      async () => conductor(),
    ),
    'PUT /api/conductores/:id': target(
      async () => `/api/conductores/${await con()}`,
      async () => ({
        ...conductor(),
        version: await versionOf(`/api/conductores/${await con()}`),
      }),
    ),
  };
};

/** Obras (flota-obras.md §6, part B): a valid body per write route, on records created once. */
const obrasTargets = (): Record<string, Target> => {
  const hoy = new Date().toISOString().slice(0, 10);
  const cliente = (): Body => ({ nombre: unique('Comunidad Fuzz'), empresa: 'verticales' });
  const operario = (documento: string, nivel: number): Body => ({
    nombre: 'Operario',
    apellidos: unique('Fuzz'),
    documento,
    certificaciones: [
      { esquema: 'irata', nivel, fechaEmision: '2020-01-01', fechaVencimiento: '2099-01-01' },
    ],
    formacionesPrl: [{ curso: 'PRL trabajos en altura', horas: '20.0', fecha: '2020-01-01' }],
    reconocimientoMedico: { fecha: hoy, resultado: 'apto' },
  });
  let clienteId: Promise<string> | undefined;
  let operarios: Promise<[string, string]> | undefined;
  let obraId: Promise<string> | undefined;
  let enCursoId: Promise<string> | undefined;
  let parteId: Promise<string> | undefined;
  const c = () => (clienteId ??= created('/api/obras/clientes', cliente()).then(idOf));
  const ops = () =>
    (operarios ??= (async () => [
      idOf(await created('/api/operarios', operario('43187654W', 3))),
      idOf(await created('/api/operarios', operario('18234567Y', 2))),
    ])());
  const obra = async (): Promise<Body> => ({
    nombre: unique('Obra Fuzz'),
    clienteId: await c(),
    tipoTrabajo: 'fachadas',
    direccion: fullDireccion(tree),
    fechaInicioPrevista: hoy,
    fechaFinPrevista: '2099-12-31',
  });
  const o = () =>
    (obraId ??= obra()
      .then((body) => created('/api/obras', body))
      .then(idOf));
  const versionOf = async (url: string) =>
    (await inject('GET', url)).json<{ data: { version: number } }>().data.version;
  const miembros = async () => {
    const [a, b] = await ops();
    return [
      { operarioId: a, rol: 'supervisor' },
      { operarioId: b, rol: 'tecnico' },
    ];
  };
  // A work in progress: its team through the API, the state straight in the table (the safety
  // document is a multipart upload, outside this JSON fuzz).
  const enCurso = () =>
    (enCursoId ??= (async () => {
      const id = idOf(await created('/api/obras', await obra()));
      await inject(
        'PUT',
        `/api/obras/${id}/equipo`,
        JSON.stringify({ miembros: await miembros(), version: 1 }),
      );
      await t.database.withSession((session) =>
        session.query(
          `update obras set estado = 'en_curso', fecha_inicio_real = $2 where id = $1`,
          [id, hoy],
        ),
      );
      return id;
    })());
  const parteBody = async (): Promise<Body> => {
    const [a, b] = await ops();
    return {
      fecha: hoy,
      operarios: [
        { operarioId: a, horas: '0.25' },
        { operarioId: b, horas: '0.25' },
      ],
      tareas: 'Tareas fuzz',
    };
  };
  const parteUrl = async () => {
    const obraEnCurso = await enCurso();
    parteId ??= parteBody().then((body) =>
      created(`/api/obras/${obraEnCurso}/partes-trabajo`, body).then(idOf),
    );
    return `/api/obras/${obraEnCurso}/partes-trabajo/${await parteId}`;
  };
  const target = (url: () => Promise<string>, body: () => Promise<Body | undefined>): Target => ({
    url,
    body,
  });
  return {
    'POST /api/obras/clientes': target(
      async () => '/api/obras/clientes',
      async () => cliente(),
    ),
    'PUT /api/obras/clientes/:id': target(
      async () => `/api/obras/clientes/${await c()}`,
      async () => editable(`/api/obras/clientes/${await c()}`, ['empresa', 'tipo']),
    ),
    'POST /api/operarios': target(
      async () => '/api/operarios',
      async () => operario('41567234R', 1),
    ),
    'PUT /api/operarios/:id': target(
      async () => `/api/operarios/${(await ops())[1]}`,
      async () => ({
        ...operario('18234567Y', 2),
        version: await versionOf(`/api/operarios/${(await ops())[1]}`),
      }),
    ),
    'POST /api/obras': target(async () => '/api/obras', obra),
    'PUT /api/obras/:id': target(
      async () => `/api/obras/${await o()}`,
      async () => ({ ...(await obra()), version: await versionOf(`/api/obras/${await o()}`) }),
    ),
    'POST /api/obras/:id/estado': target(
      async () => `/api/obras/${await o()}/estado`,
      async () => ({
        accion: 'cancelar',
        motivo: 'Fuzz',
        version: await versionOf(`/api/obras/${await o()}`),
      }),
    ),
    'PUT /api/obras/:id/equipo': target(
      async () => `/api/obras/${await o()}/equipo`,
      async () => ({
        miembros: await miembros(),
        version: await versionOf(`/api/obras/${await o()}`),
      }),
    ),
    'POST /api/obras/:id/documentos': target(
      async () => `/api/obras/${await o()}/documentos`,
      async () => ({ categoria: 'plan_seguridad' }),
    ),
    'DELETE /api/obras/:id/documentos/:archivoId': target(
      async () => `/api/obras/${await o()}/documentos/x`,
      async () => undefined,
    ),
    'POST /api/obras/:id/partes-trabajo': target(
      async () => `/api/obras/${await enCurso()}/partes-trabajo`,
      parteBody,
    ),
    'PUT /api/obras/:id/partes-trabajo/:parteId': target(parteUrl, async () => ({
      ...(await parteBody()),
      version: await versionOf(await parteUrl()),
    })),
    'DELETE /api/obras/:id/partes-trabajo/:parteId': target(
      async () => `/api/obras/${await enCurso()}/partes-trabajo/x`,
      async () => undefined,
    ),
    'POST /api/obras/:id/partes-trabajo/:parteId/cerrar': target(
      async () => `${await parteUrl()}/cerrar`,
      async () => ({ version: await versionOf(await parteUrl()) }),
    ),
    'POST /api/obras/:id/partes-trabajo/:parteId/reabrir': target(
      async () => `${await parteUrl()}/reabrir`,
      async () => ({ motivo: 'Fuzz', version: await versionOf(await parteUrl()) }),
    ),
    'POST /api/obras/:id/partes-trabajo/:parteId/fotos': target(
      async () => `${await parteUrl()}/fotos`,
      async () => ({ archivo: 'foto.jpg' }),
    ),
    'DELETE /api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId': target(
      async () => `${await parteUrl()}/fotos/x`,
      async () => undefined,
    ),
    'PUT /api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId/miniatura': target(
      async () => `${await parteUrl()}/fotos/x/miniatura`,
      async () => ({ archivo: 'mini.jpg' }),
    ),
  };
};

/** Comercial (comercial.md §6): quotes, templates and rentals on one client and machine. */
const comercialTargets = (): Record<string, Target> => {
  let clienteId: Promise<string> | undefined;
  let maquinaId: Promise<string> | undefined;
  let dia = 0;
  const cliente = () => (clienteId ??= created('/api/clientes', parte()).then(idOf));
  const maquina = () =>
    (maquinaId ??= created('/api/maquinaria', {
      tipo: 'miniexcavadora',
      marca: 'Kubota',
      modelo: 'U17',
      anio: 2021,
      numeroSerie: unique('FZC').replace(/\s/g, '-'),
      tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
      pesoKg: '1680.0',
    }).then(idOf));
  /** A fresh two-day period in 2099 for each booking, so valid bodies never collide. */
  const periodo = () => {
    dia += 3;
    const fecha = (n: number) => new Date(Date.UTC(2099, 0, 1 + n)).toISOString().slice(0, 10);
    return { fechaInicio: fecha(dia), fechaFin: fecha(dia + 1) };
  };
  const presupuesto = async (): Promise<Body> => {
    const fechas = periodo();
    return {
      clienteId: await cliente(),
      direccionObra: fullDireccion(tree),
      ...fechas,
      lineas: [{ clase: 'maquina', maquinaId: await maquina(), ...fechas }],
    };
  };
  const alquiler = async (): Promise<Body> => ({
    clienteId: await cliente(),
    direccionObra: fullDireccion(tree),
    lineas: [{ clase: 'maquina', maquinaId: await maquina(), ...periodo() }],
  });
  const plantilla = async (): Promise<Body> => ({
    nombre: unique('Plantilla fuzz'),
    lineas: [{ clase: 'maquina', maquinaId: await maquina() }],
  });
  const version = async (url: string) =>
    (await inject('GET', url)).json<{ data: { version: number } }>().data.version;
  const nuevo = async (url: string, body: Body) => `${url}/${idOf(await created(url, body))}`;
  let borradorUrl: Promise<string> | undefined;
  let alquilerUrl: Promise<string> | undefined;
  let plantillaUrl: Promise<string> | undefined;
  const borrador = () => (borradorUrl ??= presupuesto().then((b) => nuevo('/api/presupuestos', b)));
  const abierto = () => (alquilerUrl ??= alquiler().then((b) => nuevo('/api/alquileres', b)));
  const suya = () =>
    (plantillaUrl ??= plantilla().then((b) => nuevo('/api/presupuestos/plantillas', b)));
  const enviado = async () => {
    const url = await nuevo('/api/presupuestos', await presupuesto());
    await inject('POST', `${url}/enviar`, JSON.stringify({ version: 1 }));
    return url;
  };
  const target = (url: () => Promise<string>, body: () => Promise<Body | undefined>): Target => ({
    url,
    body,
  });
  const accion = (url: () => Promise<string>, ruta: string, extra: () => Body = () => ({})) => {
    let fija: Promise<string> | undefined;
    const base = () => (fija ??= url());
    return target(
      async () => `${await base()}/${ruta}`,
      async () => ({ version: await version(await base()), ...extra() }),
    );
  };
  return {
    'POST /api/presupuestos': target(async () => '/api/presupuestos', presupuesto),
    'PUT /api/presupuestos/:id': target(borrador, async () => ({
      ...(await presupuesto()),
      version: await version(await borrador()),
    })),
    'DELETE /api/presupuestos/:id': target(
      async () => nuevo('/api/presupuestos', await presupuesto()),
      async () => undefined,
    ),
    'POST /api/presupuestos/:id/enviar': accion(
      async () => nuevo('/api/presupuestos', await presupuesto()),
      'enviar',
    ),
    'POST /api/presupuestos/:id/aceptar': accion(enviado, 'aceptar'),
    'POST /api/presupuestos/:id/rechazar': accion(enviado, 'rechazar', () => ({
      motivo: 'Ha elegido otro proveedor',
    })),
    'POST /api/presupuestos/:id/renovar': accion(enviado, 'renovar', () => ({
      fechaValidez: '2099-12-31',
    })),
    'POST /api/presupuestos/:id/duplicar': target(
      async () => `${await borrador()}/duplicar`,
      async () => undefined,
    ),
    'POST /api/presupuestos/plantillas': target(
      async () => '/api/presupuestos/plantillas',
      plantilla,
    ),
    'PUT /api/presupuestos/plantillas/:id': target(suya, async () => ({
      ...(await plantilla()),
      version: await version(await suya()),
    })),
    'DELETE /api/presupuestos/plantillas/:id': target(
      async () => nuevo('/api/presupuestos/plantillas', await plantilla()),
      async () => undefined,
    ),
    'POST /api/alquileres': target(async () => '/api/alquileres', alquiler),
    'PUT /api/alquileres/:id': target(abierto, async () => ({
      ...(await alquiler()),
      version: await version(await abierto()),
    })),
    'POST /api/alquileres/:id/cambiar-fin': accion(abierto, 'cambiar-fin', () => ({
      fechaFin: periodo().fechaFin,
    })),
    'POST /api/alquileres/:id/baja': accion(abierto, 'baja', () => ({ fecha: '2099-01-02' })),
    'POST /api/alquileres/:id/finalizar': accion(abierto, 'finalizar'),
    'POST /api/alquileres/:id/actualizar-precios': accion(abierto, 'actualizar-precios'),
    'POST /api/presupuestos/:id/actualizar-precios': accion(borrador, 'actualizar-precios'),
    'POST /api/alquileres/:id/cancelar': accion(
      async () => nuevo('/api/alquileres', await alquiler()),
      'cancelar',
      () => ({ motivo: 'Obra aplazada' }),
    ),
    'PUT /api/alquileres/:id/fianza': accion(abierto, 'fianza', () => ({
      estado: 'cobrada',
      formaPago: 'transferencia',
    })),
    'POST /api/alquileres/:id/archivos': target(
      async () => `${await abierto()}/archivos`,
      async () => ({ archivo: 'contrato.pdf' }),
    ),
    'DELETE /api/alquileres/:id/archivos/:archivoId': target(
      async () => `${await abierto()}/archivos/x`,
      async () => undefined,
    ),
  };
};

/**
 * Logística and finanzas. Transport albaranes, invoices and purchases start from real records
 * (a transport client, a supplier, drafts and an issued invoice), so the fuzz reaches the rules
 * behind a valid body; the actions that end a record (anular, emitir, borrar) get their own.
 * Rental albaranes and notas still name a record that does not exist (a fresh uuid): they need a
 * delivered rental and an issued invoice's nota, so the fuzz reaches their validation and 404.
 */
const logisticaFinanzasTargets = (): Record<string, Target> => {
  const nadie = '00000000-0000-4000-8000-00000000f022';
  const fijo = (url: string, body: Body | undefined): Target => ({
    url: async () => url,
    body: async () => body,
  });
  let clienteId: Promise<string> | undefined;
  const cliente = () => (clienteId ??= created('/api/clientes', parte()).then(idOf));
  const factura = async (): Promise<Body> => ({
    empresa: 'alquileres',
    clienteId: await cliente(),
    lineas: [{ descripcion: 'Limpieza de máquina', cantidad: '1', precioUnitario: '45.00' }],
  });
  let borradorUrl: Promise<string> | undefined;
  const borrador = () =>
    (borradorUrl ??= factura().then(
      async (b) => `/api/facturas/${idOf(await created('/api/facturas', b))}`,
    ));
  const albaran = {
    tipo: 'entrega',
    alquilerId: nadie,
    fechaHora: '2099-01-02T08:30:00+01:00',
    lineas: [{ clase: 'maquina', articuloId: nadie, cantidad: '1' }],
  };
  const version = { version: 1 };
  const motivo = { version: 1, motivo: 'Error de prueba' };
  let proveedorId: Promise<string> | undefined;
  const proveedor = () => (proveedorId ??= created('/api/proveedores', parte()).then(idOf));
  const compra = async (): Promise<Body> => ({
    empresa: 'alquileres',
    proveedorId: await proveedor(),
    numeroFacturaProveedor: unique('F-2026'),
    fechaExpedicion: '2026-01-15',
    lineas: [
      {
        descripcion: 'Gasoil',
        base: '100.00',
        tipoIva: 21,
        tratamiento: 'general',
        deduciblePct: '100',
        bienInversion: false,
      },
    ],
  });
  let transporteCliente: Promise<string> | undefined;
  const clienteTransporte = () =>
    (transporteCliente ??= created('/api/clientes', { ...parte(), empresa: 'transporte' }).then(
      idOf,
    ));
  const transporte = async (): Promise<Body> => ({
    clienteId: await clienteTransporte(),
    destinatario: { nombre: 'Obra Fuzz' },
    origen: { nombre: 'Almacén Fuzz', direccion: fullDireccion(tree) },
    destino: { direccion: fullDireccion(tree) },
    fechaCarga: '2026-01-15',
    mercancia: { descripcion: 'Palés de bloques', bultos: 8, pesoKg: 4800 },
    precio: '240.00',
  });
  /** One lazily created record per key: the ones an action ends have their own. */
  const uno = (crear: () => Promise<string>) => {
    let url: Promise<string> | undefined;
    return () => (url ??= crear());
  };
  const nuevoEn = (coleccion: string, body: () => Promise<Body>) =>
    uno(async () => `${coleccion}/${idOf(await created(coleccion, await body()))}`);
  const viaje = nuevoEn('/api/albaranes/transporte', transporte);
  const viajeAnulable = nuevoEn('/api/albaranes/transporte', transporte);
  const compraAbierta = nuevoEn('/api/compras', compra);
  const compraAnulable = nuevoEn('/api/compras', compra);
  const borradorBorrable = nuevoEn('/api/facturas', factura);
  const borradorEmitible = nuevoEn('/api/facturas', factura);
  const emitida = uno(async () => {
    // Issuing needs the emisor's legal data (finanzas.md rule 2).
    const emisor = await inject(
      'PUT',
      '/api/facturas/emisores/alquileres',
      JSON.stringify({
        razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
        nif: 'B07654320',
        direccion: { ...fullDireccion(tree), planta: null, local: null, observacion: null },
        iban: 'ES60 0081 0573 8800 0123 4567',
        diasVencimiento: 30,
        version: await versionDe('/api/facturas/emisores/alquileres'),
      }),
    );
    if (emisor.statusCode !== 200) throw new Error(`emisor → ${emisor.body}`);
    // A complete invoice names a client with NIF (rule 6).
    const conNif = idOf(await created('/api/clientes', { ...parte(), documento: 'B07345671' }));
    const url = await nuevoEn('/api/facturas', async () => ({
      ...(await factura()),
      clienteId: conNif,
    }))();
    const emitir = await inject('POST', `${url}/emitir`, JSON.stringify({ version: 1 }));
    if (emitir.statusCode !== 200) throw new Error(`emitir ${url} → ${emitir.body}`);
    return url;
  });
  const versionDe = async (url: string) =>
    (await inject('GET', url)).json<{ data: { version: number } }>().data.version;
  /** An action on a real record, its body carrying the version read just before. */
  const sobre = (
    registro: () => Promise<string>,
    sufijo: string,
    body: () => Body | Promise<Body> = () => ({}),
  ): Target => ({
    url: async () => `${await registro()}${sufijo}`,
    body: async () => ({ ...(await body()), version: await versionDe(await registro()) }),
  });
  return {
    'POST /api/albaranes': fijo('/api/albaranes', albaran),
    'PUT /api/albaranes/:id': fijo(`/api/albaranes/${nadie}`, { ...albaran, ...version }),
    'DELETE /api/albaranes/:id': fijo(`/api/albaranes/${nadie}`, undefined),
    'POST /api/albaranes/:id/anular': fijo(`/api/albaranes/${nadie}/anular`, motivo),
    'POST /api/albaranes/:id/emitir': fijo(`/api/albaranes/${nadie}/emitir`, version),
    'POST /api/albaranes/:id/solicitar-transporte': fijo(
      `/api/albaranes/${nadie}/solicitar-transporte`,
      version,
    ),
    'POST /api/albaranes/:id/firma': fijo(`/api/albaranes/${nadie}/firma`, {
      ...version,
      nombre: 'Ana Fuzz',
      dni: '12345678Z',
      imagen: 'data:image/png;base64,iVBORw0KGgo=',
    }),
    'POST /api/albaranes/transporte': {
      url: async () => '/api/albaranes/transporte',
      body: transporte,
    },
    'PUT /api/albaranes/transporte/:id': sobre(viaje, '', transporte),
    'POST /api/albaranes/transporte/:id/anular': sobre(viajeAnulable, '/anular', () => ({
      motivo: 'Error de prueba en el albarán',
    })),
    'POST /api/albaranes/transporte/:id/entregar': sobre(viaje, '/entregar', () => ({
      sinFirmaMotivo: 'Destinatario ausente en la descarga',
    })),
    'POST /api/albaranes/transporte/:id/iniciar-ruta': sobre(viaje, '/iniciar-ruta'),
    'POST /api/albaranes/transporte/:id/volver-a-pendiente': sobre(viaje, '/volver-a-pendiente'),
    'POST /api/albaranes/transporte/:id/inspecciones': {
      url: async () => `${await viaje()}/inspecciones`,
      body: async () => ({ codigo: '20260115', fecha: '2026-01-15', notas: 'Sin incidencias' }),
    },
    // The upload is multipart (JSON is refused with 400); the rest on an unknown import.
    'POST /api/albaranes/importaciones': fijo('/api/albaranes/importaciones', {
      archivo: 'albaranes.csv',
    }),
    'POST /api/albaranes/importaciones/mapeos': fijo('/api/albaranes/importaciones/mapeos', {
      nombre: 'Plantilla fuzz',
      mapeo: { referenciaExterna: 'Ref' },
      opciones: {},
    }),
    'DELETE /api/albaranes/importaciones/mapeos/:id': fijo(
      `/api/albaranes/importaciones/mapeos/${nadie}`,
      undefined,
    ),
    'POST /api/albaranes/importaciones/:id/validar': fijo(
      `/api/albaranes/importaciones/${nadie}/validar`,
      {
        mapeo: { referenciaExterna: 'Ref' },
        opciones: {},
        recordar: false,
      },
    ),
    'POST /api/albaranes/importaciones/:id/confirmar': fijo(
      `/api/albaranes/importaciones/${nadie}/confirmar`,
      version,
    ),
    // The upload is multipart (JSON is refused with 400); the rest on an unknown import.
    'POST /api/albaranes/transporte/importaciones': fijo(
      '/api/albaranes/transporte/importaciones',
      { archivo: 'albaranes.csv' },
    ),
    'POST /api/albaranes/transporte/importaciones/mapeos': fijo(
      '/api/albaranes/transporte/importaciones/mapeos',
      {
        nombre: 'Plantilla fuzz',
        mapeo: { referenciaExterna: 'Ref' },
        opciones: {},
      },
    ),
    'DELETE /api/albaranes/transporte/importaciones/mapeos/:id': fijo(
      `/api/albaranes/transporte/importaciones/mapeos/${nadie}`,
      undefined,
    ),
    'POST /api/albaranes/transporte/importaciones/:id/validar': fijo(
      `/api/albaranes/transporte/importaciones/${nadie}/validar`,
      {
        mapeo: { referenciaExterna: 'Ref' },
        opciones: {},
        recordar: false,
      },
    ),
    'POST /api/albaranes/transporte/importaciones/:id/confirmar': fijo(
      `/api/albaranes/transporte/importaciones/${nadie}/confirmar`,
      version,
    ),
    'PUT /api/albaranes/transporte/:id/inspecciones/:inspeccionId': fijo(
      `/api/albaranes/transporte/${nadie}/inspecciones/${nadie}`,
      { enviado: true },
    ),
    'POST /api/facturas': { url: async () => '/api/facturas', body: factura },
    'PUT /api/facturas/:id': {
      url: borrador,
      body: async () => ({
        ...(await factura()),
        version: (await inject('GET', await borrador())).json<{ data: { version: number } }>().data
          .version,
      }),
    },
    'DELETE /api/facturas/:id': { url: borradorBorrable, body: async () => undefined },
    'POST /api/facturas/:id/anular': sobre(emitida, '/anular', () => ({
      motivo: 'Error de prueba en la factura',
    })),
    'POST /api/facturas/:id/emitir': sobre(borradorEmitible, '/emitir'),
    'POST /api/facturas/:id/cobros': {
      url: async () => `${await emitida()}/cobros`,
      body: async () => ({ fecha: '2026-01-20', importe: '10.00', medio: 'transferencia' }),
    },
    'DELETE /api/facturas/:id/cobros/:cobroId': fijo(
      `/api/facturas/${nadie}/cobros/${nadie}`,
      undefined,
    ),
    'PUT /api/facturas/condiciones-cliente/:id': fijo(
      `/api/facturas/condiciones-cliente/${nadie}`,
      { diasVencimiento: 30 },
    ),
    'POST /api/facturas/desde-albaranes': fijo('/api/facturas/desde-albaranes', {
      hasta: '2099-01-31',
      albaranIds: [nadie],
    }),
    'POST /api/facturas/desde-alquileres': fijo('/api/facturas/desde-alquileres', {
      hasta: '2099-01-31',
      alquilerIds: [nadie],
    }),
    'POST /api/facturas/emitir-lote': fijo('/api/facturas/emitir-lote', { ids: [nadie] }),
    'POST /api/notas': fijo('/api/notas', {
      facturaId: nadie,
      tipo: 'R1',
      motivo: 'Error en el importe',
      lineas: [{ descripcion: 'Abono', cantidad: '1', precioUnitario: '-10.00' }],
    }),
    'PUT /api/notas/:id': fijo(`/api/notas/${nadie}`, { ...version, motivo: 'Error' }),
    'DELETE /api/notas/:id': fijo(`/api/notas/${nadie}`, undefined),
    'POST /api/notas/:id/emitir': fijo(`/api/notas/${nadie}/emitir`, version),
    'POST /api/notas/:id/cobros': fijo(`/api/notas/${nadie}/cobros`, {
      fecha: '2099-01-02',
      importe: '-10.00',
      medio: 'transferencia',
    }),
    'DELETE /api/notas/:id/cobros/:cobroId': fijo(`/api/notas/${nadie}/cobros/${nadie}`, undefined),
    'POST /api/compras': { url: async () => '/api/compras', body: compra },
    'PUT /api/compras/:id': sobre(compraAbierta, '', compra),
    'POST /api/compras/:id/anular': sobre(compraAnulable, '/anular', () => ({
      motivo: 'Error de prueba en la compra',
    })),
    'POST /api/compras/:id/pagos': {
      url: async () => `${await compraAbierta()}/pagos`,
      body: async () => ({ fecha: '2026-01-20', importe: '10.00', medio: 'transferencia' }),
    },
    'DELETE /api/compras/:id/pagos/:pagoId': fijo(
      `/api/compras/${nadie}/pagos/${nadie}`,
      undefined,
    ),
    'POST /api/compras/archivos': fijo('/api/compras/archivos', { archivo: 'factura.pdf' }),
    'POST /api/verifactu/verificar-cadena': fijo('/api/verifactu/verificar-cadena', {
      empresa: 'alquileres',
    }),
    'POST /api/verifactu/registros/:orden/reintentar': fijo(
      '/api/verifactu/registros/999999/reintentar',
      {},
    ),
    'POST /api/verifactu/registros/:orden/subsanar': fijo(
      '/api/verifactu/registros/999999/subsanar',
      {},
    ),
  };
};

const TARGETS = (): Record<string, Target> => ({
  ...parteTargets('proveedores'),
  ...parteTargets('clientes'),
  ...locationTargets(),
  ...emisorTargets(),
  ...preferenciasTargets(),
  ...archivoTargets(),
  ...inventarioTargets(),
  ...flotaTargets(),
  ...obrasTargets(),
  ...comercialTargets(),
  ...logisticaFinanzasTargets(),
});

// ---- generators -----------------------------------------------------------------------------

const CONTROL = fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028');
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.tuple(fc.string({ maxLength: 10 }), CONTROL).map(([text, control]) => `${text}${control}`),
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(70_000),
    '\uD800',
    '<script>alert(1)</script>',
    "'; drop table partes; --",
    '=HYPERLINK("http://x")',
    '00000000-0000-0000-0000-000000000000',
    'ñÁ€·',
  ),
);
const edgeNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 2 ** 31, -(2 ** 31) - 1),
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    edgeNumber,
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
}));

/** Top-level and nested keys of a body, as paths. */
const pathsOf = (value: unknown, prefix: string[] = []): string[][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => [
        [...prefix, key],
        ...pathsOf(child, [...prefix, key]),
      ])
    : [];

const setAt = (body: unknown, path: string[], next: unknown): unknown => {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(body)
    ? ({ ...body } as Record<string, unknown>)
    : { ...(body as Record<string, unknown>) };
  copy[head] = setAt(copy[head], rest, next);
  return Array.isArray(body) ? Object.values(copy) : copy;
};

const withoutAt = (body: Body, path: string[]): unknown => {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    const { [head]: _dropped, ...others } = body;
    return others;
  }
  return setAt(body, [head], withoutAt(body[head] as Body, rest));
};

/** A request body as raw JSON text (so `__proto__` travels as a key), or broken text. */
const mutatedPayload = (body: Body): fc.Arbitrary<string> => {
  const paths = pathsOf(body);
  const json = (value: unknown) => JSON.stringify(value);
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.jsonValue().map(json),
    fc.constantFrom(
      '{',
      '',
      'null',
      '[]',
      '{"a":',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    ),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), hostileValue)
      .map(([key, value]) => `{${json(key)}:${json(value)},${json(body).slice(1)}`),
    fc.tuple(hostileString, hostileValue).map(([key, value]) => json({ ...body, [key]: value })),
  ];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    arbitraries.push(
      fc.tuple(path, hostileValue).map(([at, value]) => json(setAt(body, at, value))),
      fc.tuple(path, hostileString).map(([at, value]) => json(setAt(body, at, value))),
      fc.tuple(path, edgeNumber).map(([at, value]) => json(setAt(body, at, value))),
      path.map((at) => json(withoutAt(body, at))),
    );
  }
  return fc.oneof(...arbitraries);
};

// encodeURIComponent throws on half a surrogate pair (the lib here predates toWellFormed).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** An id segment that is anything but a record's id. */
const hostileId = hostileString
  .filter((text) => text.length > 0 && text.length < 2000)
  .map((text) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')));

// ---- the test -------------------------------------------------------------------------------

const tableNames = Object.values(schema as Record<string, unknown>).flatMap((value) =>
  is(value, Table) ? [getTableName(value)] : [],
);

/**
 * Rows written, counted by a row trigger on every table: a refused write must leave the count as
 * it was. It sees updates too, which counting each table's rows did not, and costs one tiny read
 * per request instead of a count(*) of every table (the suite's 1,200 requests read every table
 * twice each way).
 */
const installWriteCounter = () =>
  t.database.withSession((session) =>
    session.exec(
      [
        'create table fuzz_filas_escritas (n bigint not null)',
        'insert into fuzz_filas_escritas values (0)',
        `create function fuzz_cuenta_fila() returns trigger language plpgsql as $$
           begin update fuzz_filas_escritas set n = n + 1; return null; end $$`,
        ...tableNames.map(
          (name) =>
            `create trigger fuzz_cuenta_fila after insert or update or delete on "${name}" ` +
            'for each row execute function fuzz_cuenta_fila()',
        ),
      ].join(';\n'),
    ),
  );

const rowsWritten = async () =>
  t.database.withSession(async (session) => {
    const [row] = await session.query<{ n: string }>(
      'select n::text as n from fuzz_filas_escritas',
    );
    return Number(row?.n);
  });

const isPluginRoute = (url: string) =>
  PLUGIN_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

const writeRoutes = () =>
  listRoutePermissions(t.app)
    .filter(
      (route) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        route.url.startsWith('/api') &&
        !isPluginRoute(route.url),
    )
    .map((route) => `${route.method} ${route.url}`);

// English texts Fastify, zod or a driver would leak if an error escaped the handler.
const LEAK = /\b(Error|must|should|expected|invalid|Unexpected|undefined|null value|stack)\b/i;

const expectSpanishRefusal = (status: number, text: string) => {
  expect(status, text.slice(0, 300)).toBeLessThan(500);
  if (status < 400) return;
  const body = JSON.parse(text) as { message?: unknown; errors?: unknown; stack?: unknown };
  expect(typeof body.message, text.slice(0, 300)).toBe('string');
  expect(body.message).not.toBe('');
  expect(body.message, text.slice(0, 300)).not.toMatch(LEAK);
  expect(body).not.toHaveProperty('stack');
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors)).toBe(true);
    for (const error of body.errors as unknown[]) {
      // "campo: mensaje" when a field is at fault; a body that is not JSON has no field.
      expect(typeof error).toBe('string');
      expect(String(error)).not.toMatch(LEAK);
    }
  }
};

// Built now (test.each needs the keys); the functions read the app and tree when they run.
const targets = TARGETS();
let fuzzed = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_ADDRESS_MAX: '1000000' },
  });
  tree = await seedLocations(t);
  await installWriteCounter();
  auth = {
    authorization: `Bearer ${await t.tokens.forRoles(['administracion'], { sub: 'auth0|fuzz' })}`,
  };
});
afterAll(async () => {
  console.info(`write fuzz: ${fuzzed} generated requests, none answered 5xx`);
  await t?.close();
});

describe('issue 12: property-based fuzzing of every write endpoint', () => {
  test('every write route of the app has a fuzz seed here', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => !targets[route])).toEqual([]);
  });

  test.each(Object.keys(targets))(
    '%s: no 5xx, Spanish refusals, no row changed by a refused write',
    async (key) => {
      const target = targets[key];
      if (!target) throw new Error(`No fuzz target for ${key}`);
      const method = key.split(' ')[0] ?? 'POST';
      const template = await target.body();
      const payloads = template === undefined ? hostileId : mutatedPayload(template);
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          const url = await target.url();
          const before = await rowsWritten();
          const response =
            template === undefined
              ? await inject(method, url.replace(/[^/]+$/, payload))
              : await inject(method, url, payload);
          fuzzed += 1;
          expectSpanishRefusal(response.statusCode, response.body);
          if (response.statusCode >= 400) expect(await rowsWritten()).toBe(before);
        }),
        { numRuns: runsPerRoute(Object.keys(targets).length), seed: SEED, endOnFailure: true },
      );
    },
  );
});
