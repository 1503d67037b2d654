import {
  APLICA_A_LABELS,
  conceptoCreateSchema,
  conceptoExportQuerySchema,
  conceptoListQuerySchema,
  conceptoSchema,
  conceptoUpdateSchema,
  TIPO_CONCEPTO_LABELS,
  UNIDAD_CONCEPTO_LABELS,
  type Concepto,
  type ConceptoListQuery,
} from '@tvsistema/domain/inventario';
import { ivaLabel } from '@tvsistema/domain/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';
import { createConceptosService } from './conceptos.service.js';
import { csvDe, decimalCsv, enviarCsv, enviarPdf, type ColumnaCsv } from './inventario-csv.js';
import { tarifaConceptosPdf } from './inventario-pdf.js';
import { registrarCatalogo } from './inventario-rutas.js';

const tags = ['conceptos'];

const COLUMNAS: readonly ColumnaCsv<Concepto>[] = [
  { header: 'Código', value: (c) => c.codigo },
  { header: 'Nombre', value: (c) => c.nombre },
  { header: 'Tipo', value: (c) => TIPO_CONCEPTO_LABELS[c.tipo] },
  { header: 'Unidad', value: (c) => UNIDAD_CONCEPTO_LABELS[c.unidad] },
  { header: 'Precio', value: (c) => decimalCsv(c.precio) },
  { header: 'IVA', value: (c) => ivaLabel(c.tipoIva, c.motivoIva0) },
  { header: 'Aplica a', value: (c) => APLICA_A_LABELS[c.aplicaA] },
  { header: 'Activa', value: (c) => (c.activo ? 'Sí' : 'No') },
];

/** /api/conceptos (§6.3): the price templates. */
export const conceptosRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createConceptosService(database);
  registrarCatalogo(app, {
    base: '/conceptos',
    tags,
    view: 'conceptos.view',
    edit: 'conceptos.edit',
    nombre: 'plantilla',
    schemas: {
      record: conceptoSchema,
      list: conceptoListQuerySchema,
      create: conceptoCreateSchema,
      update: conceptoUpdateSchema,
    },
    list: (_request, query: ConceptoListQuery) => service.list(query),
    get: (_request, id) => service.get(id),
    history: service.history,
    create: service.create,
    update: service.update,
    remove: service.remove,
  });

  app.get(
    '/conceptos/export',
    {
      config: { permission: 'conceptos.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: conceptoExportQuerySchema },
    },
    async (request, reply) =>
      enviarCsv(
        reply,
        'conceptos',
        today(),
        csvDe(COLUMNAS, await service.exportar(request.query)),
      ),
  );

  app.get(
    '/conceptos/pdf',
    {
      config: { permission: 'conceptos.view' },
      schema: {
        tags,
        summary: 'Tarifa de conceptos de alquiler (PDF)',
        produces: ['application/pdf'],
      },
    },
    async (_request, reply) =>
      enviarPdf(
        reply,
        `tarifa-conceptos-${today()}.pdf`,
        await tarifaConceptosPdf(database.db, today(), await service.exportar({ activo: true })),
      ),
  );
};
