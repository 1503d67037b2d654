import {
  calcularCompra,
  COMPRA_MESSAGES as M,
  LIMITE_EFECTIVO_FACTURA,
  parseCompraSort,
  type Compra,
  type CompraCreate,
  type CompraListQuery,
} from '@tvsistema/domain/finanzas';
import { sumarDias } from '@tvsistema/domain/fechas';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { addDecimals, compareDecimals, subtractDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';
import { checkVersion } from '../../http/versioning.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { asignarNumero } from '../numeracion/index.js';
import {
  compraDuplicada,
  deletePago,
  findCompra,
  insertCompra,
  insertPago,
  pagosDe,
  pageOfCompras,
  updateCompra,
  type CompraRow,
  type PagoRow,
} from './compras.repository.js';
import { autoria, conflicto, prohibido, type Reloj, type Usuario } from './facturas-comun.js';
import { findParte } from './facturas.repository.js';
import type { ArchivoCompra } from './facturas.table.js';
import { canAccessEmpresa } from '@tvsistema/domain/systems';

// finanzas.md §2 Compra, §3 its states, rule 15: supplier invoices with deductible IVA, the
// received PDF on the files service, pendiente → pagada.

export const RECURSO_COMPRA = 'compra';
const CAMPOS = [
  'estado',
  'numeroFacturaProveedor',
  'proveedorId',
  'fechaExpedicion',
  'fechaRecepcion',
  'lineas',
  'importeTotal',
  'pagado',
  'pendiente',
  'archivo',
  'motivoAnulacion',
] as const;

const aCompra = (row: CompraRow, hoy: string, pagos: PagoRow[] = []): Compra => ({
  _id: row.id,
  empresa: row.empresa as Compra['empresa'],
  numeroRegistro: row.numeroRegistro,
  estado: row.estado as Compra['estado'],
  vencida: row.estado === 'pendiente' && row.fechaVencimiento < hoy,
  proveedorId: row.proveedorId,
  proveedor: row.proveedor,
  numeroFacturaProveedor: row.numeroFacturaProveedor,
  tipoFactura: row.tipoFactura as Compra['tipoFactura'],
  facturaRectificadaProveedor: row.facturaRectificadaProveedor,
  fechaExpedicion: row.fechaExpedicion,
  fechaOperacion: row.fechaOperacion,
  fechaRecepcion: row.fechaRecepcion,
  fechaVencimiento: row.fechaVencimiento,
  formaPago: row.formaPago as Compra['formaPago'],
  simplificadaCualificada: row.simplificadaCualificada,
  lineas: row.lineas.map((l) => ({
    ...l,
    tipoIva: l.tipoIva as 21,
    tratamiento: l.tratamiento as 'general',
  })),
  retencionPct: String(Number(row.retencionPct)),
  baseImponible: row.baseImponible,
  cuotaIva: row.cuotaIva,
  cuotaDeducible: row.cuotaDeducible,
  importeTotal: row.importeTotal,
  retencion: row.retencion,
  totalAPagar: row.totalAPagar,
  pagado: row.pagado,
  pendiente: row.pendiente,
  archivo: row.archivo
    ? {
        archivoId: row.archivo.archivoId,
        nombre: row.archivo.nombre,
        tamano: row.archivo.tamano,
        mime: row.archivo.mime,
      }
    : null,
  observaciones: row.observaciones,
  motivoAnulacion: row.motivoAnulacion,
  pagos: pagos.map((p) => ({
    _id: p.id,
    fecha: p.fecha,
    importe: p.importe,
    medio: p.medio,
    referencia: p.referencia,
    createdAt: p.createdAt.toISOString(),
    createdBy: p.createdByEmail,
  })),
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type ArchivoResuelto = (id: string, empresa: string) => Promise<ArchivoCompra | undefined>;

export const createComprasService = ({
  database,
  reloj,
  archivoDe,
}: {
  database: Database;
  reloj: Reloj;
  archivoDe: ArchivoResuelto;
}) => {
  const db = database.db;
  const exigir = (user: Usuario, empresa: string) => {
    if (
      user &&
      !canAccessEmpresa(user.roles, empresa as 'alquileres') &&
      !user.roles.includes('administracion')
    )
      throw prohibido();
  };
  const cargar = async (tx: Executor, id: string, lock = false) => {
    const row = isUuid(id) ? await findCompra(tx, id, { lock }) : undefined;
    if (!row) throw notFound(M.noEncontrada);
    return row;
  };
  const leer = async (tx: Executor, row: CompraRow) =>
    aCompra(row, reloj.today(), await pagosDe(tx, row.id));

  /**
   * The uploaded PDF a compra names, read before its transaction opens: the files service reads
   * through its own connection, which PGlite's single one would only give after the transaction
   * ended (a create with a PDF never answered).
   */
  const archivoNombrado = async (archivoId: string | null | undefined, empresa: string) => {
    if (!archivoId) return null;
    const archivo = await archivoDe(archivoId, empresa);
    if (!archivo) throw invalidData(['archivoId: El documento no existe: súbelo de nuevo']);
    return archivo;
  };

  const valores = async (
    tx: Executor,
    empresa: string,
    input: Omit<CompraCreate, 'empresa'>,
    excluirId: string | null,
    archivo: ArchivoCompra | null,
  ) => {
    const hoy = reloj.today();
    const parte = await findParte(tx, input.proveedorId);
    if (!parte || parte.tipo !== 'proveedor' || parte.empresa !== empresa || !parte.activo)
      throw invalidData([M.proveedorInvalido]);
    const fechaRecepcion = input.fechaRecepcion ?? hoy;
    if (input.fechaExpedicion > fechaRecepcion || fechaRecepcion > hoy)
      throw invalidData([M.fechas]);
    const duplicada = await compraDuplicada(
      tx,
      empresa,
      input.proveedorId,
      input.numeroFacturaProveedor,
      excluirId,
    );
    if (duplicada)
      throw conflicto(M.duplicada(input.numeroFacturaProveedor, duplicada.numeroRegistro));
    const t = calcularCompra(input.lineas, {
      retencionPct: input.retencionPct,
      tipoFactura: input.tipoFactura,
      simplificadaCualificada: input.simplificadaCualificada,
    });
    return {
      fechaRecepcion,
      values: {
        proveedorId: input.proveedorId,
        proveedor: { nombre: parte.nombre, documento: parte.documento },
        numeroFacturaProveedor: input.numeroFacturaProveedor,
        tipoFactura: input.tipoFactura,
        facturaRectificadaProveedor: input.facturaRectificadaProveedor ?? null,
        fechaExpedicion: input.fechaExpedicion,
        fechaOperacion: input.fechaOperacion ?? null,
        fechaRecepcion,
        fechaVencimiento: input.fechaVencimiento ?? sumarDias(fechaRecepcion, 30),
        formaPago: input.formaPago,
        simplificadaCualificada: input.simplificadaCualificada,
        lineas: input.lineas.map((l, i) => ({
          descripcion: l.descripcion,
          cuentaGasto: l.cuentaGasto ?? parte.cuentaContableCompra ?? null,
          base: l.base,
          tipoIva: l.tipoIva,
          tratamiento: l.tratamiento,
          deduciblePct: l.deduciblePct,
          bienInversion: l.bienInversion,
          cuota: t.cuotas[i] as string,
          cuotaDeducible: t.deducibles[i] as string,
        })),
        retencionPct: input.retencionPct,
        baseImponible: t.baseImponible,
        cuotaIva: t.cuotaIva,
        cuotaDeducible: t.cuotaDeducible,
        importeTotal: t.importeTotal,
        retencion: t.retencion,
        totalAPagar: t.totalAPagar,
        archivo,
        observaciones: input.observaciones ?? null,
        busqueda: normalizeSearchText(
          [parte.nombre, parte.documento ?? '', input.numeroFacturaProveedor].join(' '),
        ),
      },
    };
  };

  const historial = (
    tx: Executor,
    row: CompraRow,
    accion: 'crear' | 'modificar' | 'cambiar_estado',
    antes: unknown,
    user: Usuario,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_COMPRA,
      registroId: row.id,
      empresa: row.empresa as 'alquileres',
      accion,
      antes: antes as Record<string, unknown> | undefined,
      despues: row as unknown as Record<string, unknown>,
      campos: CAMPOS,
      usuario: user,
    });

  return {
    list: async (user: Usuario, query: CompraListQuery) => {
      exigir(user, query.empresa);
      const sort = parseCompraSort(query.sort);
      if (!sort) throw invalidData(['sort: Orden no válido']);
      const hoy = reloj.today();
      const { rows, total } = await pageOfCompras(
        db,
        {
          empresa: query.empresa,
          estado: query.estado,
          proveedorId: query.proveedorId,
          desde: query.desde,
          hasta: query.hasta,
          search: query.searchTerm ? normalizeSearchText(query.searchTerm) : undefined,
          sinArchivo: query.sinArchivo,
          hoy,
        },
        sort,
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        data: rows.map((r) => aCompra(r, hoy)),
        meta: pageMetaOf(query.page, query.limit, total),
      };
    },
    get: async (user: Usuario, id: string) => {
      const row = await cargar(db, id);
      exigir(user, row.empresa);
      return leer(db, row);
    },
    row: async (user: Usuario, id: string) => {
      const row = await cargar(db, id);
      exigir(user, row.empresa);
      return row;
    },
    create: async (user: Usuario, input: CompraCreate) => {
      exigir(user, input.empresa);
      const { empresa, ...fields } = input;
      const archivo = await archivoNombrado(fields.archivoId, empresa);
      return db.transaction(async (tx) => {
        const { values, fechaRecepcion } = await valores(tx, empresa, fields, null, archivo);
        const { numero } = await asignarNumero(tx, {
          empresa,
          tipo: 'compra',
          anio: Number(fechaRecepcion.slice(0, 4)),
        });
        const row = await insertCompra(tx, {
          ...values,
          empresa,
          numeroRegistro: numero,
          estado: 'pendiente',
          pagado: '0',
          pendiente: values.totalAPagar,
          ...autoria(user, { crear: true }),
        });
        await historial(tx, row, 'crear', undefined, user);
        return leer(tx, row);
      });
    },
    update: async (
      user: Usuario,
      id: string,
      input: Omit<CompraCreate, 'empresa'> & { empresa?: unknown },
      version: number | undefined,
    ) => {
      if (input.empresa !== undefined)
        throw invalidData(['empresa: La empresa no puede modificarse después de la creación.']);
      // The empresa never changes: read before the transaction to resolve the PDF.
      const actual = await cargar(db, id);
      exigir(user, actual.empresa);
      const archivo = await archivoNombrado(input.archivoId, actual.empresa);
      return db.transaction(async (tx) => {
        const row = await cargar(tx, id, true);
        exigir(user, row.empresa);
        checkVersion(row.version, version);
        if (row.estado === 'anulada') throw conflicto(M.anulada);
        const { values } = await valores(tx, row.empresa, input, id, archivo);
        if (compareDecimals(values.totalAPagar, row.pagado) < 0)
          throw conflicto(M.menorQuePagado(row.pagado));
        const pendiente = subtractDecimals(values.totalAPagar, row.pagado);
        const nueva = await updateCompra(tx, id, {
          ...values,
          pendiente,
          estado: compareDecimals(pendiente, 0) === 0 ? 'pagada' : 'pendiente',
          version: row.version + 1,
          ...autoria(user, { crear: false }),
        });
        await historial(tx, nueva, 'modificar', row, user);
        return leer(tx, nueva);
      });
    },
    pagar: async (
      user: Usuario,
      id: string,
      input: {
        fecha: string;
        importe: string;
        medio: string;
        referencia?: string | null | undefined;
      },
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, true);
        exigir(user, row.empresa);
        checkVersion(row.version, version);
        if (row.estado !== 'pendiente')
          throw conflicto('Solo se registran pagos en compras pendientes.');
        if (input.fecha > reloj.today())
          throw invalidData(['fecha: La fecha no puede ser posterior a hoy']);
        if (compareDecimals(input.importe, row.pendiente) > 0)
          throw conflicto(M.pagoSupera(row.pendiente));
        if (
          input.medio === 'efectivo' &&
          compareDecimals(row.importeTotal, LIMITE_EFECTIVO_FACTURA) >= 0
        )
          throw conflicto(
            'No se admiten pagos en efectivo en operaciones de 1.000 € o más (art. 7 Ley 7/2012).',
          );
        await insertPago(tx, {
          compraId: id,
          fecha: input.fecha,
          importe: input.importe,
          medio: input.medio,
          referencia: input.referencia ?? null,
          createdBySub: user?.sub ?? null,
          createdByEmail: user?.email ?? null,
        });
        const pendiente = subtractDecimals(row.pendiente, input.importe);
        const nueva = await updateCompra(tx, id, {
          pagado: addDecimals(row.pagado, input.importe),
          pendiente,
          estado: compareDecimals(pendiente, 0) === 0 ? 'pagada' : 'pendiente',
          version: row.version + 1,
        });
        await historial(tx, nueva, 'modificar', row, user);
        return leer(tx, nueva);
      }),
    eliminarPago: async (user: Usuario, id: string, pagoId: string) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, true);
        exigir(user, row.empresa);
        const pago = (await pagosDe(tx, id)).find((p) => p.id === pagoId);
        if (!pago) throw notFound(M.pagoNoEncontrado);
        await deletePago(tx, pagoId);
        const nueva = await updateCompra(tx, id, {
          pagado: subtractDecimals(row.pagado, pago.importe),
          pendiente: addDecimals(row.pendiente, pago.importe),
          estado: 'pendiente',
          version: row.version + 1,
        });
        await historial(tx, nueva, 'modificar', row, user);
      }),
    anular: async (user: Usuario, id: string, motivo: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, true);
        exigir(user, row.empresa);
        checkVersion(row.version, version);
        if (row.estado === 'anulada') throw conflicto(M.anulada);
        if (compareDecimals(row.pagado, 0) !== 0) throw conflicto(M.noAnular);
        const nueva = await updateCompra(tx, id, {
          estado: 'anulada',
          motivoAnulacion: motivo,
          pendiente: '0',
          version: row.version + 1,
        });
        await historial(tx, nueva, 'cambiar_estado', row, user);
        return leer(tx, nueva);
      }),
    history: async (user: Usuario, id: string, query: HistorialQuery) => {
      const row = await cargar(db, id);
      exigir(user, row.empresa);
      return leerHistorial(database, RECURSO_COMPRA, id, query);
    },
  };
};

export { HttpError };
