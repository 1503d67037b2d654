import type { Paginated } from '@tvsistema/domain';
import type { Concepto } from '@tvsistema/domain/inventario';

export const TRA_IDA_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000001';
export const SEG_DAN_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000002';

/** The demo world's TRA-IDA (modules/README.md), 85,00 €/viaje at 21 %. */
export const aConcepto = (overrides: Partial<Concepto> = {}): Concepto => ({
  _id: TRA_IDA_ID,
  empresa: 'alquileres',
  version: 3,
  createdAt: '2026-01-10T09:00:00.000Z',
  createdBy: 'admin@tvsistema.test',
  updatedAt: '2026-02-01T09:00:00.000Z',
  updatedBy: 'admin@tvsistema.test',
  codigo: 'TRA-IDA',
  nombre: 'Transporte ida — Palma y alrededores',
  descripcion: 'Entrega en obra con camión grúa',
  tipo: 'transporte',
  aplicaA: 'todos',
  unidad: 'viaje',
  precio: '85.0000',
  tipoIva: 21,
  motivoIva0: null,
  activo: true,
  ...overrides,
});

export const aPage = <T>(data: T[], meta: Partial<Paginated<T>['meta']> = {}): Paginated<T> => {
  const limit = meta.limit ?? 20;
  const total = meta.total ?? data.length;
  return { data, meta: { page: 1, limit, total, totalPages: Math.ceil(total / limit), ...meta } };
};
