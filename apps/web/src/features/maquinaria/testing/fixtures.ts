import type { Maquina, Paginated } from '@tvsistema/domain';

export const MAQUINA_ID = '11111111-2222-4333-8444-555555555555';

export const aMaquina = (overrides: Partial<Maquina> = {}): Maquina => ({
  _id: MAQUINA_ID,
  empresa: 'alquileres',
  version: 3,
  createdAt: '2026-01-10T10:00:00.000Z',
  createdBy: 'admin@tvsistema.test',
  updatedAt: '2026-03-02T11:30:00.000Z',
  updatedBy: 'admin@tvsistema.test',
  codigoInterno: 'MEX-001',
  tipo: 'miniexcavadora',
  marca: 'Kubota',
  modelo: 'U17-3',
  anio: 2021,
  numeroSerie: 'U17-35124',
  matricula: null,
  fechaMatriculacion: null,
  requiereItv: false,
  horometro: '1845.5',
  horasAcumuladas: '1845.5',
  estado: 'disponible',
  tarifas: {
    dia: '95.00',
    semana: '380.00',
    mes: '1100.00',
    horasIncluidasDia: 8,
    horaExtra: '18.00',
    fianza: '500.00',
  },
  diasPreparacion: 0,
  pesoKg: '1680.0',
  dimensiones: { largoMm: 3480, anchoMm: 990, altoMm: 2300 },
  combustible: 'diesel',
  caracteristicas: [{ nombre: 'Profundidad de excavación', valor: '2,3 m' }],
  planRevisiones: [],
  fechaAdquisicion: '2021-04-12',
  precioAdquisicion: '21500.00',
  proveedor: null,
  observaciones: [],
  baja: null,
  avisos: [],
  proximaReserva: {
    origenId: 'a1',
    numero: 'A2026-00012',
    etiqueta: 'A2026-00012 · Construcciones Llevant, S.L.',
    desde: '2026-03-10',
    hasta: '2026-03-20',
  },
  mantenimientoAbierto: null,
  ...overrides,
});

export const aPage = (
  data: Maquina[],
  meta: Partial<Paginated<Maquina>['meta']> = {},
): Paginated<Maquina> => {
  const limit = meta.limit ?? 20;
  const total = meta.total ?? data.length;
  return { data, meta: { page: 1, limit, total, totalPages: Math.ceil(total / limit), ...meta } };
};
