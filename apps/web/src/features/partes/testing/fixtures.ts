import { EMPTY_DIRECCION, type Paginated } from '@tvsistema/domain';
import type { ParteRecord } from '../parte-record.js';

export const aParte = (overrides: Partial<ParteRecord> = {}): ParteRecord => ({
  _id: 'p1',
  nombre: 'Ferretería Balear S.L.',
  documento: 'B07123458',
  empresa: 'alquileres',
  activo: true,
  archivos: [],
  contactos: [{ nombre: 'Marta Pons', telefono: '971 123 456', correo: 'marta@ferreteria.es' }],
  observaciones: ['Paga a 30 días'],
  direccion: {
    ...EMPTY_DIRECCION,
    paisId: 'es',
    pais: 'ESPAÑA',
    provinciaId: 'ib',
    provincia: 'ILLES BALEARS',
    municipioId: 'pm',
    municipio: 'PALMA',
    ciudadId: 'pm-c',
    ciudad: 'PALMA',
    calleId: 'c1',
    calle: 'CALLE ARAGÓN',
    altura: 12,
  },
  cuentaContableProveedor: '400001',
  cuentaContableCompra: '600001',
  cuentaContableRetencion: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'admin@tvsistema.test',
  updatedAt: '2026-11-02T11:30:00.000Z',
  updatedBy: 'admin@tvsistema.test',
  version: 1,
  ...overrides,
});

export const aPage = (
  data: ParteRecord[],
  meta: Partial<Paginated<ParteRecord>['meta']> = {},
): Paginated<ParteRecord> => {
  const limit = meta.limit ?? 10;
  const total = meta.total ?? data.length;
  return {
    data,
    meta: { page: 1, limit, total, totalPages: Math.ceil(total / limit), ...meta },
  };
};
