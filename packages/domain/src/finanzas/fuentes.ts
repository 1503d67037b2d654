// The billing sources finanzas reads (finanzas.md §2 "Contracts with other modules"): one per
// origenTipo, implemented by comercial (`alquiler`) and logística (`albaran`), handed to the
// finanzas routes by the API's composition. Declared here once so both sides type-check against
// the same contract. Money is a decimal string ("195.00"), dates are "aaaa-mm-dd".

export type OrigenTipo = 'alquiler' | 'albaran';

export type NaturalezaLinea = 'alquiler' | 'servicio_obra' | 'transporte' | 'venta' | 'otro';

/** What a source offers to bill up to a date. */
export type PendienteFacturable = {
  origenTipo: OrigenTipo;
  origenId: string;
  numero: string;
  clienteId: string;
  /** The obra, or "origen → destino · matrícula · peso". */
  detalle: string | null;
  desde: string;
  hasta: string;
  baseEstimada: string;
};

/** One invoice line a source proposes; `base` = round(cantidad × precio × (1 − dto/100), 2). */
export type LineaFacturable = {
  origenLineaId: string;
  conceptoId?: string;
  descripcion: string;
  cantidad: string;
  unidad: string;
  precioUnitario: string;
  descuentoPct: string;
  base: string;
  tipoIva: number;
  motivoIva0?: 'no_sujeta' | 'exenta' | string;
  naturaleza: NaturalezaLinea;
  desde?: string;
  hasta?: string;
};

export type PendientesQuery = {
  empresa: string;
  hasta: string;
  clienteId?: string | undefined;
  desde?: string | undefined;
};

export type LineasQuery = {
  origenTipo: OrigenTipo;
  origenId: string;
  desde: string;
  hasta: string;
};

/**
 * A source, run inside finanzas' transaction (`Tx` is the API's executor type). `hoy` is the
 * API's "today" (tests fix it); a source that takes none uses its own clock.
 */
export type FuenteFacturable<Tx> = {
  origenTipo: OrigenTipo;
  pendientes: (tx: Tx, query: PendientesQuery, hoy?: string) => Promise<PendienteFacturable[]>;
  lineas: (tx: Tx, query: LineasQuery, hoy?: string) => Promise<LineaFacturable[]>;
};

/** A row of finanzas' `facturacion_origenes_v`: what is invoiced, and by which invoice. */
export type OrigenFacturado = {
  origenTipo: OrigenTipo;
  origenId: string;
  origenLineaId: string | null;
  desde: string | null;
  hasta: string | null;
  facturaId: string;
  facturaNumero: string | null;
  facturaEstado: string;
};
