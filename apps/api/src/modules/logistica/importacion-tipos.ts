import type { ErrorFilaImportacion, EstadoFilaImportacion } from '@tvsistema/domain/logistica';
import type { AlbaranTransporteImportado } from './importacion.repository.js';

// The verdict on one imported row, shared by the transport and rental judges.

export type Juicio = {
  fila: number;
  estado: EstadoFilaImportacion;
  valores: Record<string, string>;
  errores: ErrorFilaImportacion[];
  avisos: string[];
  albaran: Omit<AlbaranTransporteImportado, 'id' | 'numero' | 'busqueda' | 'firma'> | null;
};
