import { useState } from 'react';
import { Alert, Badge, Button } from 'react-bootstrap';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ACCION_HISTORIAL_LABELS,
  formatFechaHora,
  type Cambio,
  type EntradaHistorial,
  type Paginated,
} from '@tvsistema/domain';
import { serverMessageOr } from '../../lib/api-error-message.js';
import { useApiClient } from '../../lib/api-client-context.js';
import { LoadingStatus } from './loading-status.js';
import { ListPagination } from './pagination.js';

const NOTHING = '—';
const PAGE_SIZE = 10;

/** A stored value as a person reads it: lists joined, yes/no, objects by their texts. */
export const historialValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) {
    return value.length === 0 ? NOTHING : value.map(historialValue).join('; ');
  }
  if (typeof value === 'object') {
    // Ids are for machines: an object shows its texts and numbers.
    const texts = Object.entries(value)
      .filter(([key, inner]) => !/Id$|^_id$/.test(key) && inner !== null && inner !== '')
      .map(([, inner]) => historialValue(inner));
    return texts.length === 0 ? NOTHING : texts.join(' · ');
  }
  return String(value);
};

export type HistorialTabProps = {
  /** `GET …/{id}/historial` of the record. */
  url: string;
  /** Field labels by API name; a field without one shows its name. */
  labels: Readonly<Record<string, string>>;
  /** How a field's value reads, where the generic one is not enough (e.g. an address). */
  formatValue?: (campo: string, value: unknown) => string | undefined;
  /**
   * A change that reads as one sentence rather than "anterior → nuevo" (a rental's "Archivo
   * eliminado: acta.pdf"); undefined keeps the generic form.
   */
  frase?: (cambio: Cambio) => string | undefined;
};

/** The "Historial" tab of a detail: who changed what and when, newest first, page by page. */
export const HistorialTab = ({ url, labels, formatValue, frase }: HistorialTabProps) => {
  const api = useApiClient();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['historial', url, page],
    queryFn: () => api.get<Paginated<EntradaHistorial>>(`${url}?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const valueOf = (campo: string, value: unknown) =>
    formatValue?.(campo, value) ?? historialValue(value);

  if (query.isPending) return <LoadingStatus message="Cargando historial…" />;
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">
          {serverMessageOr(query.error, 'No se pudo cargar el historial.')}
        </span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  const { data, meta } = query.data;
  if (data.length === 0)
    return <p className="text-body-secondary mb-0">Sin cambios registrados.</p>;
  return (
    <>
      <ol className="list-unstyled mb-3 historial-list" aria-label="Historial de cambios">
        {data.map((entrada) => (
          <li key={entrada._id} className="border-bottom pb-2 mb-2">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <Badge bg="light" text="dark" className="border">
                {ACCION_HISTORIAL_LABELS[entrada.accion]}
              </Badge>
              <time dateTime={entrada.fecha} className="fw-semibold">
                {formatFechaHora(entrada.fecha)}
              </time>
              <span className="text-body-secondary text-break">{entrada.usuario ?? 'Sistema'}</span>
            </div>
            {entrada.cambios.length > 0 && (
              <dl className="row mb-0 small">
                {entrada.cambios.map((cambio) => {
                  const texto = frase?.(cambio);
                  return texto !== undefined ? (
                    <div key={cambio.campo} className="col-12">
                      <dt className="visually-hidden">{labels[cambio.campo] ?? cambio.campo}</dt>
                      <dd className="mb-1 text-break">{texto}</dd>
                    </div>
                  ) : (
                    <div key={cambio.campo} className="col-12 d-sm-flex gap-2">
                      <dt className="fw-normal text-body-secondary">
                        {labels[cambio.campo] ?? cambio.campo}
                      </dt>
                      <dd className="mb-1 text-break">
                        {entrada.accion === 'crear' ? (
                          valueOf(cambio.campo, cambio.nuevo)
                        ) : (
                          <>
                            <span>{valueOf(cambio.campo, cambio.anterior)}</span>
                            <span aria-hidden="true"> → </span>
                            <span className="visually-hidden"> pasa a </span>
                            <span>{valueOf(cambio.campo, cambio.nuevo)}</span>
                          </>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </li>
        ))}
      </ol>
      <ListPagination page={meta.page} totalPages={meta.totalPages} onPage={setPage} />
    </>
  );
};
