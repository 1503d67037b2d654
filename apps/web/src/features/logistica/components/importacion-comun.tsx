import { ProgressBar } from 'react-bootstrap';
import type { ResultadoImportacion, ResumenImportacion } from '@tvsistema/domain';

// What the wizard's steps share: the streamed progress and its bar.

export type Progreso = { n: number; total: number };
export type Validacion =
  | { fase: 'validando'; progreso: Progreso | undefined }
  | { fase: 'hecha'; version: number; resumen: ResumenImportacion }
  | { fase: 'fallida'; mensaje: string };
export type EstadoImportar =
  | { fase: 'importando'; progreso: Progreso | undefined }
  | { fase: 'hecha'; resultado: ResultadoImportacion }
  | { fase: 'fallida'; mensaje: string };

/** A streamed phase: its text ("Validando fila n de N") and a bar. */
export const BarraProgreso = ({
  progreso,
  texto,
}: {
  progreso: Progreso | undefined;
  texto: string;
}) => {
  const ahora =
    progreso && progreso.total > 0 ? Math.round((progreso.n / progreso.total) * 100) : 0;
  return (
    <div className="mb-3">
      <p className="mb-1" role="status">
        {texto}
      </p>
      <ProgressBar now={ahora} animated={!progreso} aria-label={texto} />
    </div>
  );
};
