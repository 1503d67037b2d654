import type { Paginated } from '@tvsistema/domain';
import type { Componente } from '@tvsistema/domain/inventario';

export const MAR_ID = '1c5f5d0e-1a2b-4c3d-8e9f-000000000001';

/** The demo world's MAR-100-073 with 380 pieces available. */
export const aComponente = (overrides: Partial<Componente> = {}): Componente => ({
  _id: MAR_ID,
  empresa: 'alquileres',
  version: 2,
  createdAt: '2026-01-10T09:00:00.000Z',
  createdBy: 'admin@tvsistema.test',
  updatedAt: '2026-02-01T09:00:00.000Z',
  updatedBy: 'admin@tvsistema.test',
  codigo: 'MAR-100-073',
  nombre: 'Marco 1,00 × 0,73 m',
  categoria: 'marco',
  sistema: 'Europeo 70',
  fabricante: null,
  referenciaFabricante: null,
  norma: 'UNE-EN 12810-1',
  dimensiones: null,
  pesoKg: '11.200',
  precios: { dia: '0.0400', semana: null, mes: null, reposicion: '45.0000', venta: null },
  stockMinimo: 0,
  activo: true,
  observaciones: [],
  stock: { disponible: 380, alquilado: 120, enReparacion: 24, baja: 2, vendido: 0, propiedad: 524 },
  pesoPropiedadKg: '5868.800',
  bajoMinimo: false,
  sobrerreserva: null,
  ...overrides,
});

export const aPage = <T>(data: T[], meta: Partial<Paginated<T>['meta']> = {}): Paginated<T> => {
  const limit = meta.limit ?? 20;
  const total = meta.total ?? data.length;
  return { data, meta: { page: 1, limit, total, totalPages: Math.ceil(total / limit), ...meta } };
};
