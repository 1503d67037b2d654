import { multipart } from '../helpers/multipart.js';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_NAMESPACE } from '../helpers/tokens.js';

// Obras' API tests (flota-obras.md §9, part B): the real app with "hoy" fixed, a caller per role
// (the `verticales` role included), and the world a scenario starts from, built through the API.

export const ROLES = {
  admin: ['administracion'],
  arquitecto: ['arquitecto'],
  verticales: ['verticales'],
  empleado: ['empleado'],
  transportes: ['transportes'],
} as const satisfies Record<string, readonly string[]>;
export type Caller = keyof typeof ROLES;

/** The display name each caller's token carries, namespaced as the identity provider adds it. */
export const NOMBRES: Record<Caller, string> = {
  admin: 'Ana Administradora',
  arquitecto: 'Arturo Arquitecto',
  verticales: 'Valentina Verticales',
  empleado: 'Esteban Empleado',
  transportes: 'Tomás Transportes',
};

export type ObrasTest = TestApp & {
  setHoy(fecha: string): void;
  get(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  delete(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  upload(
    url: string,
    campos: Record<string, string>,
    archivo: { nombre: string; contenido: Buffer },
    as?: Caller,
    method?: 'POST' | 'PUT',
  ): Promise<LightMyRequestResponse>;
  lugar: { palma: Direccion; alcudia: Direccion };
  sql(text: string, params?: unknown[]): Promise<void>;
};

type Direccion = {
  paisId: string;
  provinciaId: string;
  municipioId: string;
  ciudadId: string;
  calleId: string;
};

export const dataOf = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json<{ data: T }>().data;

/** A small location tree: Palma (Passeig del Born) and Alcúdia (Passeig Marítim). */
const seedLugar = (t: TestApp) =>
  t.database.withSession(async (session) => {
    const one = async (text: string, params: unknown[]) => {
      const [row] = await session.query<{ id: string }>(`${text} returning id`, params);
      if (!row) throw new Error(`No row from: ${text}`);
      return row.id;
    };
    const paisId = await one(
      'insert into paises (nombre, nombre_busqueda) values ($1, lower($1))',
      ['PAÍS OBRAS'],
    );
    const provinciaId = await one(
      'insert into provincias (nombre, nombre_busqueda, pais_id) values ($1, lower($1), $2)',
      ['BALEARS OBRAS', paisId],
    );
    const lugar = async (municipio: string, ciudad: string, calle: string) => {
      const municipioId = await one(
        'insert into municipios (nombre, nombre_busqueda, provincia_id) values ($1, lower($1), $2)',
        [municipio, provinciaId],
      );
      const ciudadId = await one(
        'insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id) values ($1, lower($1), $2, $3)',
        [ciudad, provinciaId, municipioId],
      );
      const calleId = await one(
        'insert into calles (nombre, nombre_busqueda, ciudad_id) values ($1, lower($1), $2)',
        [calle, ciudadId],
      );
      return { paisId, provinciaId, municipioId, ciudadId, calleId };
    };
    const palma = await lugar('PALMA OBRAS', 'PALMA OBRAS', 'PASSEIG DEL BORN');
    const alcudia = await lugar('ALCÚDIA', 'ALCÚDIA', 'PASSEIG MARÍTIM');
    return { palma, alcudia };
  });

export const createObrasTest = async (hoy: string): Promise<ObrasTest> => {
  let today = hoy;
  const t = await createTestApp({ today: () => today });
  const tokens = new Map<Caller, Promise<string>>();
  const tokenOf = (as: Caller) => {
    let token = tokens.get(as);
    if (!token) {
      token = t.tokens.forRoles([...ROLES[as]], {
        sub: `auth0|${as}`,
        email: `${as}@tvsistema.test`,
        [`${TEST_NAMESPACE}name`]: NOMBRES[as],
      });
      tokens.set(as, token);
    }
    return token;
  };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Caller,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await tokenOf(as)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const lugar = await seedLugar(t);
  return {
    ...t,
    lugar,
    setHoy: (fecha) => {
      today = fecha;
    },
    sql: async (text, params = []) => {
      await t.database.withSession(async (session) => {
        await session.query(text, params);
      });
    },
    get: (url, as = 'admin') => call('GET', url, as),
    post: (url, payload, as = 'admin') => call('POST', url, as, payload),
    put: (url, payload, as = 'admin') => call('PUT', url, as, payload),
    delete: (url, as = 'admin') => call('DELETE', url, as),
    upload: async (url, campos, archivo, as = 'admin', method = 'POST') => {
      const { payload, headers } = multipart(archivo, campos);
      return t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await tokenOf(as)}`, ...headers },
        payload,
      });
    },
  };
};

/** The smallest PDF the content check recognises. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1×1 JPEG. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const crearCliente = async (t: ObrasTest, nombre: string, documento: string) => {
  const response = await t.post('/api/obras/clientes', {
    nombre,
    documento,
    empresa: 'verticales',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return dataOf<{ _id: string }>(response)._id;
};

type Cert = { nivel: 1 | 2 | 3; emision: string; vence: string };

/** An operario with one IRATA certification, a PRL course and a valid medical check. */
export const crearOperario = async (
  t: ObrasTest,
  nombre: string,
  apellidos: string,
  documento: string,
  cert: Cert,
) => {
  const response = await t.post('/api/operarios', {
    nombre,
    apellidos,
    documento,
    certificaciones: [
      {
        esquema: 'irata',
        nivel: cert.nivel,
        fechaEmision: cert.emision,
        fechaVencimiento: cert.vence,
      },
    ],
    formacionesPrl: [{ curso: 'PRL trabajos en altura', horas: '20', fecha: '2023-01-10' }],
    reconocimientoMedico: { fecha: '2025-12-01', resultado: 'apto', vencimiento: '2026-12-01' },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return dataOf<{ _id: string }>(response)._id;
};

export const operariosDemo = async (t: ObrasTest) => ({
  rafel: await crearOperario(t, 'Rafel', 'Serra Bonet', '43187654W', {
    nivel: 3,
    emision: '2024-05-14',
    vence: '2027-05-14',
  }),
  marta: await crearOperario(t, 'Marta', 'Oliver Fiol', '18234567Y', {
    nivel: 2,
    emision: '2023-06-01',
    vence: '2026-12-31',
  }),
  tomeu: await crearOperario(t, 'Tomeu', 'Vich Crespí', '43654321E', {
    nivel: 1,
    emision: '2023-01-10',
    vence: '2026-01-10',
  }),
  aina: await crearOperario(t, 'Aina', 'Ferragut Coll', '41567234R', {
    nivel: 1,
    emision: '2023-03-10',
    vence: '2026-03-10',
  }),
});

export const obraBody = (t: ObrasTest, clienteId: string, extra: Record<string, unknown> = {}) => ({
  nombre: 'Rehabilitación de fachada principal',
  clienteId,
  tipoTrabajo: 'rehabilitacion',
  direccion: { ...t.lugar.palma, altura: 15 },
  importePresupuesto: '48600.00',
  ...extra,
});

export const crearObra = async (
  t: ObrasTest,
  clienteId: string,
  extra: Record<string, unknown> = {},
  as: Caller = 'admin',
) => {
  const response = await t.post('/api/obras', obraBody(t, clienteId, extra), as);
  if (response.statusCode !== 201) throw new Error(response.body);
  return dataOf<{ _id: string; codigo: string; version: number }>(response);
};

const versionDe = async (t: ObrasTest, id: string) =>
  dataOf<{ version: number }>(await t.get(`/api/obras/${id}`)).version;

export const estado = async (t: ObrasTest, id: string, body: Record<string, unknown>) =>
  t.post(`/api/obras/${id}/estado`, { ...body, version: await versionDe(t, id) });

export const equipo = async (
  t: ObrasTest,
  id: string,
  miembros: { operarioId: string; rol: 'supervisor' | 'tecnico' }[],
) => t.put(`/api/obras/${id}/equipo`, { miembros, version: await versionDe(t, id) });

/** An obra started on `inicio` with `miembros` (a safety document and the apertura in place). */
export const obraEnCurso = async (
  t: ObrasTest,
  clienteId: string,
  inicio: string,
  miembros: { operarioId: string; rol: 'supervisor' | 'tecnico' }[],
) => {
  const obra = await crearObra(t, clienteId, {
    fechaInicioPrevista: inicio,
    fechaFinPrevista: '2026-12-31',
    comunicacionApertura: { fecha: inicio, referencia: 'CA-1' },
  });
  const pasos = [
    await estado(t, obra._id, { accion: 'planificar' }),
    await equipo(t, obra._id, miembros),
    await t.upload(
      `/api/obras/${obra._id}/documentos`,
      { categoria: 'evaluacion_riesgos' },
      {
        nombre: 'evaluacion.pdf',
        contenido: PDF,
      },
    ),
    await estado(t, obra._id, { accion: 'iniciar', fecha: inicio }),
  ];
  for (const paso of pasos) if (paso.statusCode >= 300) throw new Error(paso.body);
  return obra._id;
};

export const crearParte = (
  t: ObrasTest,
  obraId: string,
  fecha: string,
  operarios: { operarioId: string; horas: string }[],
  extra: Record<string, unknown> = {},
) =>
  t.post(`/api/obras/${obraId}/partes-trabajo`, {
    fecha,
    operarios,
    tareas: 'Saneado de frentes de forjado',
    ...extra,
  });

export const cerrarParte = async (t: ObrasTest, obraId: string, parteId: string) => {
  const url = `/api/obras/${obraId}/partes-trabajo/${parteId}`;
  const { version } = dataOf<{ version: number }>(await t.get(url));
  return t.post(`${url}/cerrar`, { version });
};
