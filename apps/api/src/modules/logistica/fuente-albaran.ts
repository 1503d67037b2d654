import type {
  FuenteFacturable,
  LineaFacturable,
  LineasQuery,
  PendienteFacturable,
  PendientesQuery,
} from '@tvsistema/domain/finanzas';
import { formatFecha, formatNumero } from '@tvsistema/domain/format';
import { checkSpanishPlate } from '@tvsistema/domain/documento';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../http/errors.js';
import { facturacionDeOrigenes } from '../finanzas/index.js';
import { albaranesFacturables, findAlbaran } from './logistica.repository.js';
import type { DatosTransporte } from './logistica.table.js';
import { idValido } from './logistica-comun.js';

// logistica.md §2.6 / R16: the billing source `albaran` finanzas reads — transport albaranes
// entregado, with a price, not in an active invoice. Rental albaranes bill through their alquiler.

const lugar = (l: DatosTransporte['origen']) => l.direccion.municipio ?? l.nombre ?? '';
const placa = (m: string | null) => (m ? (checkSpanishPlate(m)?.texto ?? m) : '');

const activos = async (tx: Executor, ids: string[]) => {
  const mapa = await facturacionDeOrigenes(tx, { origenTipo: 'albaran', origenIds: ids });
  return (id: string) => (mapa.get(id) ?? []).some((o) => o.facturaEstado !== 'anulada');
};

export const fuenteAlbaran: FuenteFacturable<Executor> = {
  origenTipo: 'albaran',
  pendientes: async (tx: Executor, q: PendientesQuery): Promise<PendienteFacturable[]> => {
    if (q.empresa !== 'transporte') return [];
    const rows = await albaranesFacturables(tx, q);
    const facturado = await activos(
      tx,
      rows.map((r) => r.id),
    );
    return rows
      .filter((r) => !facturado(r.id))
      .map((r) => {
        const d = r.datos as DatosTransporte;
        const detalle = [
          `${lugar(d.origen)} → ${lugar(d.destino)}`,
          placa(r.matricula),
          r.pesoKg ? `${formatNumero(r.pesoKg)} kg` : '',
        ]
          .filter(Boolean)
          .join(' · ');
        return {
          origenTipo: 'albaran' as const,
          origenId: r.id,
          numero: r.numero ?? '',
          clienteId: r.clienteId,
          detalle,
          desde: r.fecha,
          hasta: r.fecha,
          baseEstimada: r.precio ?? '0.00',
        };
      });
  },
  lineas: async (tx: Executor, q: LineasQuery): Promise<LineaFacturable[]> => {
    const r = idValido(q.origenId) ? await findAlbaran(tx, q.origenId) : undefined;
    if (!r || r.clase !== 'transporte' || r.estado !== 'entregado' || r.precio === null)
      throw notFound('Albarán no encontrado');
    const d = r.datos as DatosTransporte;
    const peso = r.pesoKg ? `, ${formatNumero(r.pesoKg)} kg` : '';
    return [
      {
        origenLineaId: r.id,
        descripcion: `Albarán ${r.numero ?? ''} (${formatFecha(r.fecha)}): ${lugar(d.origen)} → ${lugar(d.destino)}${peso}`,
        cantidad: '1',
        unidad: 'viaje',
        precioUnitario: r.precio,
        descuentoPct: '0',
        base: r.precio,
        tipoIva: r.tipoIva ?? 21,
        naturaleza: 'transporte',
      },
    ];
  },
};
