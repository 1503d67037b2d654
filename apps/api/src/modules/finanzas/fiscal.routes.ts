import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPRESAS_FACTURA } from '@tvsistema/domain/finanzas';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { fechaSchema } from '@tvsistema/domain/fechas';
import { errorSchema } from '../../http/schemas.js';
import { HttpError } from '../../http/errors.js';
import type { ModuleContext } from '../../module.js';
import { datosEmisor } from './emisores.service.js';
import {
  findFactura,
  findRegistro,
  pageOfRegistros,
  resumenRegistros,
} from './facturas.repository.js';
import { csvFilas, decimalComa, enviarCsv, enviarCsvPorLotes } from './finanzas-csv.js';
import { createFiscalService, PERIODOS } from './fiscal.service.js';
import { instanteRegistro } from './facturas-comun.js';
import type { WorkerVerifactu } from './verifactu.worker.js';
import {
  MODO_ENVIO_LABELS,
  modoEnvio,
  registrarAlta,
  verificarCadenaDeNif,
} from './verifactu.service.js';

// finanzas.md §6: /api/fiscal (libros registro, modelo 347) and /api/verifactu (records, export,
// chain verification, retry and subsanación), all `facturacion.fiscal`.

const tags = ['fiscal'];
const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const empresa = z.enum(EMPRESAS_FACTURA);
const libroQuery = z.object({
  empresa,
  ejercicio: z.coerce.number().int().min(2000).max(2100),
  periodo: z.enum(PERIODOS).default('0A'),
});
const registrosQuery = z.object({
  empresa,
  desde: fechaSchema().optional(),
  hasta: fechaSchema().optional(),
  tipo: z.enum(['alta', 'anulacion']).optional(),
  estado: z
    .enum(['pendiente', 'aceptado', 'aceptado_con_errores', 'rechazado', 'error_conexion'])
    .optional(),
  facturaId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['-orden', 'orden']).default('-orden'),
});
const ordenParams = z.object({ orden: z.coerce.number().int().min(1) });

export const fiscalRoutes: FastifyPluginAsyncZod<
  ModuleContext & { verifactu: Pick<WorkerVerifactu, 'enviarNif'> }
> = async (app, { database, today, now, verifactu }) => {
  const fiscal = createFiscalService(database);
  const db = database.db;
  const reloj = { today, now: now ?? (() => new Date()) };

  for (const [path, libro] of [
    ['/fiscal/libro-expedidas', 'libroExpedidas'],
    ['/fiscal/libro-recibidas', 'libroRecibidas'],
  ] as const) {
    app.get(
      path,
      {
        config: { permission: 'facturacion.fiscal' },
        schema: {
          tags,
          summary: 'Libro registro (CSV, diseño AEAT)',
          querystring: libroQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { empresa: e, ejercicio, periodo } = request.query;
        const { lotes, archivo } = await fiscal[libro](e, ejercicio, periodo);
        return enviarCsvPorLotes(reply, archivo, lotes);
      },
    );
  }

  const query347 = z.object({ empresa, ejercicio: z.coerce.number().int().min(2000).max(2100) });
  app.get(
    '/fiscal/modelo-347',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags,
        summary: 'Modelo 347 (terceros de más de 3.005,06 €)',
        querystring: query347,
      },
    },
    async (request) => fiscal.modelo347(request.query.empresa, request.query.ejercicio),
  );
  app.get(
    '/fiscal/modelo-347/export',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: { tags, summary: 'Modelo 347 (CSV)', querystring: query347, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const { data } = await fiscal.modelo347(request.query.empresa, request.query.ejercicio);
      const csv = csvFilas([
        ['NIF', 'Nombre', 'Clave', '1T', '2T', '3T', '4T', 'Total anual', 'Metálico'],
        ...data.map((t) => [
          t.nif,
          t.nombre,
          t.clave,
          decimalComa(t.t1),
          decimalComa(t.t2),
          decimalComa(t.t3),
          decimalComa(t.t4),
          decimalComa(t.total),
          decimalComa(t.metalico),
        ]),
      ]);
      return enviarCsv(reply, `modelo-347-${request.query.ejercicio}.csv`, csv);
    },
  );

  // ---- VERI*FACTU ---------------------------------------------------------------------------

  app.get(
    '/verifactu/registros',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: { tags: ['verifactu'], summary: 'Registros VERI*FACTU', querystring: registrosQuery },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await pageOfRegistros(db, q, q.sort === 'orden', {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return {
        // `orden` and its predecessor's are bigints, which PostgreSQL's driver gives as text;
        // the answer has numbers on both engines (finanzas.md §7).
        data: rows.map(({ contenido: _c, ...r }) => ({
          ...r,
          orden: Number(r.orden),
          registroAnteriorOrden:
            r.registroAnteriorOrden === null ? null : Number(r.registroAnteriorOrden),
        })),
        meta: pageMetaOf(q.page, q.limit, total),
      };
    },
  );

  app.get(
    '/verifactu/resumen',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: ['verifactu'],
        summary: 'Resumen del panel VERI*FACTU',
        querystring: z.object({ empresa }),
      },
    },
    async (request) => ({
      data: {
        ...(await resumenRegistros(db, request.query.empresa)),
        modo: modoEnvio(),
        modoTexto: MODO_ENVIO_LABELS[modoEnvio()],
      },
    }),
  );

  app.get(
    '/verifactu/export',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: ['verifactu'],
        summary: 'Exportar los registros (CSV o XML)',
        querystring: registrosQuery
          .omit({ page: true, limit: true })
          .extend({ formato: z.enum(['csv', 'xml']).default('csv') }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows } = await pageOfRegistros(db, q, true, { limit: 100_000, offset: 0 });
      if (q.formato === 'xml') {
        const esc = (v: unknown) =>
          String(v ?? '')
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;');
        const toXml = (v: unknown, tag: string): string =>
          Array.isArray(v)
            ? v.map((x) => toXml(x, tag)).join('')
            : v && typeof v === 'object'
              ? `<${tag}>${Object.entries(v)
                  .map(([k, x]) => toXml(x, k))
                  .join('')}</${tag}>`
              : `<${tag}>${esc(v)}</${tag}>`;
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<RegistrosVerifactu>${rows
          .map((r) =>
            toXml(
              {
                Orden: r['orden'],
                Tipo: r['tipo'],
                Estado: r['estado'] ?? 'pendiente',
                Registro: r['contenido'],
              },
              'RegistroFactura',
            ),
          )
          .join('')}</RegistrosVerifactu>\n`;
        return reply
          .type('application/xml; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="verifactu-${q.empresa}-${today()}.xml"`,
          )
          .send(xml);
      }
      const cols = [
        'orden',
        'nif',
        'tipo',
        'numSerieFactura',
        'fechaExpedicionFactura',
        'tipoFactura',
        'cuotaTotal',
        'importeTotal',
        'huellaAnterior',
        'fechaHoraHusoGenRegistro',
        'huella',
        'estado',
        'csvAeat',
        'codigoError',
        'cadena',
      ];
      const csv = csvFilas([
        [
          'Orden',
          'NIF',
          'Tipo',
          'NumSerieFactura',
          'FechaExpedicionFactura',
          'TipoFactura',
          'CuotaTotal',
          'ImporteTotal',
          'HuellaAnterior',
          'FechaHoraHusoGenRegistro',
          'Huella',
          'Estado',
          'CSV AEAT',
          'Error',
          'Cadena',
        ],
        ...rows.map((r) =>
          cols.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))),
        ),
      ]);
      return enviarCsv(reply, `verifactu-${q.empresa}-${today()}.csv`, csv);
    },
  );

  app.post(
    '/verifactu/verificar-cadena',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: ['verifactu'],
        summary: 'Verificar la cadena de huellas del NIF del emisor',
        body: z.object({ empresa }),
      },
    },
    async (request) => {
      const emisor = await datosEmisor(db, request.body.empresa);
      return { data: await verificarCadenaDeNif(db, emisor.nif) };
    },
  );

  app.post(
    '/verifactu/registros/:orden/reintentar',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: ['verifactu'],
        summary: 'Reintentar el envío de un registro',
        params: ordenParams,
        response: { 202: z.object({ data: z.object({ orden: z.number() }) }), ...errores },
      },
    },
    async (request, reply) => {
      const r = await findRegistro(db, request.params.orden);
      if (!r) throw new HttpError(404, 'Registro no encontrado');
      // Only a record the AEAT has not answered: a rejected one is corrected (subsanar), an
      // accepted one is done.
      if (r.estado !== 'pendiente' && r.estado !== 'error_conexion')
        throw new HttpError(
          409,
          'Solo se reintenta el envío de un registro pendiente o con error de conexión.',
        );
      // The envío of its NIF, now: every record still to send goes, in chain order.
      await verifactu.enviarNif(r.nif);
      // `orden` is a bigint: PostgreSQL's driver gives it as text.
      return reply.code(202).send({ data: { orden: Number(r.orden) } });
    },
  );

  app.post(
    '/verifactu/registros/:orden/subsanar',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: ['verifactu'],
        summary: 'Generar la subsanación de un registro',
        params: ordenParams,
        response: { 202: z.object({ data: z.object({ orden: z.number() }) }), ...errores },
      },
    },
    async (request, reply) => {
      const r = await findRegistro(db, request.params.orden);
      if (!r) throw new HttpError(404, 'Registro no encontrado');
      if (r.tipo !== 'alta' || (r.estado !== 'rechazado' && r.estado !== 'aceptado_con_errores'))
        throw new HttpError(409, 'Solo se subsana un registro rechazado o aceptado con errores.');
      const factura = await findFactura(db, r.facturaId);
      if (!factura?.numero || !factura.fechaExpedicion)
        throw new HttpError(404, 'Factura no encontrada');
      const nuevo = await db.transaction((tx) =>
        registrarAlta(tx, {
          factura,
          numero: factura.numero as string,
          fecha: factura.fechaExpedicion as string,
          instante: instanteRegistro(reloj),
          subsanacion: true,
          rechazoPrevio: r.estado === 'rechazado' ? 'X' : 'N',
        }),
      );
      return reply.code(202).send({ data: { orden: Number(nuevo.registro.orden) } });
    },
  );
};
