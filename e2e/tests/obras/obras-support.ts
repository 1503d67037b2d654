import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { cachedAccessToken } from '../support/app.js';
import { apiClient, type Api, uniqueNif, uniqueSuffix } from '../support/crm.js';

// What the obras journeys seed through the API (DESIGN.md: never through the UI).

/** The API as the account signed in on `page`. */
export const apiDe = async (page: Page, request: APIRequestContext) => {
  const token = await cachedAccessToken(page);
  expect(token).not.toBeNull();
  return apiClient(request, token ?? '');
};

const dataOf = async <T>(response: Awaited<ReturnType<Api['get']>>) => {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
};

export const hoy = () => new Date().toISOString().slice(0, 10);
const dia = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** An operario with one IRATA certification (expired when `vence` < 0), PRL and medical check. */
export const crearOperario = async (
  api: Api,
  nombre: string,
  apellidos: string,
  nivel: 1 | 2 | 3,
  vence: number,
) =>
  (
    await dataOf<{ _id: string; nombreCompleto: string }>(
      await api.post('/api/operarios', {
        nombre,
        apellidos,
        documento: uniqueNif(),
        certificaciones: [
          {
            esquema: 'irata',
            nivel,
            fechaEmision: dia(vence - 1095),
            fechaVencimiento: dia(vence),
          },
        ],
        formacionesPrl: [{ curso: 'PRL trabajos en altura', horas: '20', fecha: dia(-400) }],
        reconocimientoMedico: { fecha: dia(-30), resultado: 'apto' },
      }),
    )
  ).nombreCompleto;

type Lugar = { _id: string; provinciaId?: string; municipioId?: string; paisId?: string };

/** Palma's full address chain with a new street (the picker's levels, as the API wants them). */
export const direccionPalma = async (api: Api, calle: string) => {
  const ciudades = await dataOf<(Lugar & { nombre: string })[]>(
    await api.get('/api/localizacion/ciudades?nombre=PALMA'),
  );
  const palma = ciudades.find((c) => c.nombre === 'PALMA');
  expect(palma).toBeDefined();
  const provincia = await dataOf<Lugar>(
    await api.get(`/api/localizacion/provincias/${palma?.provinciaId ?? ''}`),
  );
  const nueva = await dataOf<Lugar>(
    await api.post('/api/localizacion/calles', { nombre: calle, ciudadId: palma?._id ?? '' }),
  );
  return {
    paisId: provincia.paisId,
    provinciaId: palma?.provinciaId,
    municipioId: palma?.municipioId,
    ciudadId: palma?._id,
    calleId: nueva._id,
    altura: 15,
  };
};

/** A verticales client and a work for it, as the API answers it. */
export const crearObra = async (api: Api, nombre: string, calle: string) => {
  const cliente = await dataOf<{ _id: string }>(
    await api.post('/api/obras/clientes', { nombre: `Comunidad ${nombre}`, empresa: 'verticales' }),
  );
  return dataOf<{ _id: string; codigo: string }>(
    await api.post('/api/obras', {
      nombre,
      clienteId: cliente._id,
      tipoTrabajo: 'fachadas',
      direccion: await direccionPalma(api, calle),
      fechaInicioPrevista: hoy(),
      fechaFinPrevista: dia(30),
      importePresupuesto: '12480.00',
    }),
  );
};

/** A 1×1 JPEG and the smallest PDF the files service recognises. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * A work of its own for the accessibility tour's dialogs (§3's state modal, the parte form):
 * planned, or started today with two apt operarios (one of level 3), a risk assessment and its
 * apertura. Seeded through the API as the page's account; returns the edit page's URL.
 */
export const obraParaDialogos = async (page: Page, estado: 'planificada' | 'en_curso') => {
  const token = (await cachedAccessToken(page)) ?? '';
  const api = apiClient(page.request, token);
  const tag = uniqueSuffix();
  const operario = async (nombre: string, nivel: 1 | 2 | 3) =>
    (
      await dataOf<{ _id: string }>(
        await api.post('/api/operarios', {
          nombre,
          apellidos: `Diálogos ${tag}`,
          documento: uniqueNif(),
          certificaciones: [
            { esquema: 'irata', nivel, fechaEmision: dia(-400), fechaVencimiento: dia(600) },
          ],
          formacionesPrl: [{ curso: 'PRL trabajos en altura', horas: '20', fecha: dia(-400) }],
          reconocimientoMedico: { fecha: dia(-30), resultado: 'apto' },
        }),
      )
    )._id;
  const cliente = await dataOf<{ _id: string }>(
    await api.post('/api/obras/clientes', { nombre: `Comunidad ${tag}`, empresa: 'verticales' }),
  );
  const obra = await dataOf<{ _id: string; version: number }>(
    await api.post('/api/obras', {
      nombre: `Obra diálogos ${tag}`,
      clienteId: cliente._id,
      tipoTrabajo: 'fachadas',
      direccion: await direccionPalma(api, `CARRER DIALEGS ${tag}`),
      fechaInicioPrevista: hoy(),
      fechaFinPrevista: dia(30),
      comunicacionApertura: { fecha: hoy(), referencia: 'CA-AXE' },
    }),
  );
  let version = obra.version;
  const paso = async (response: Awaited<ReturnType<Api['get']>>) => {
    version = (await dataOf<{ version: number }>(response)).version;
  };
  const url = `/api/obras/${obra._id}`;
  await paso(await api.post(`${url}/estado`, { accion: 'planificar', version }));
  if (estado === 'en_curso') {
    const miembros = [
      { operarioId: await operario('Rafel', 3), rol: 'supervisor' },
      { operarioId: await operario('Marta', 2), rol: 'tecnico' },
    ];
    await paso(await api.put(`${url}/equipo`, { miembros, version }));
    const documento = await page.request.post(`${url}/documentos`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        categoria: 'evaluacion_riesgos',
        archivo: { name: 'evaluacion.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(documento.status(), await documento.text()).toBe(201);
    await paso(await api.get(url));
    await paso(await api.post(`${url}/estado`, { accion: 'iniciar', fecha: hoy(), version }));
  }
  return `/obras/${obra._id}/editar`;
};
