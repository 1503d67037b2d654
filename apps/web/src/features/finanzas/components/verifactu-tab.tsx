import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { FaRegCopy } from 'react-icons/fa';
import type { RegistroFactura } from '@tvsistema/domain';
import { formatFechaHora } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import type { DocumentosApi } from '../api/finanzas-api.js';
import { useVerifactuFactura } from '../api/verifactu-factura-api.js';
import { ESTADO_REGISTRO_LABELS, huellaCorta, TV } from '../finanzas-texts.js';

/** One record: Tipo, Generado, Huella + copy, Huella anterior, Estado, CSV AEAT, Error, cadena. */
const Registro = ({ r }: { r: RegistroFactura }) => {
  const [copia, setCopia] = useState<string | null>(null);
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(r.huella);
      setCopia(TV.copiada);
    } catch {
      setCopia(TV.noCopiada);
    }
  };
  const error = [r.codigoError, r.descripcionError].filter(Boolean).join(': ');
  return (
    <Card body>
      <h2 className="h6">{TV.registro(r.orden)}</h2>
      <dl className="row mb-2">
        <dt className="col-sm-3">{TV.tipo}</dt>
        <dd className="col-sm-9">
          {(TV.tipos[r.tipo] ?? r.tipo) + (r.subsanacion ? TV.subsanacion : '')}
        </dd>
        <dt className="col-sm-3">{TV.generado}</dt>
        <dd className="col-sm-9">{formatFechaHora(r.fechaHoraHusoGenRegistro)}</dd>
        <dt className="col-sm-3">{TV.huella}</dt>
        <dd className="col-sm-9 d-flex flex-wrap align-items-center gap-2">
          <code title={r.huella}>{huellaCorta(r.huella)}</code>
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={TV.copiar(r.orden)}
            title={TV.copiar(r.orden)}
            onClick={() => void copiar()}
          >
            <FaRegCopy aria-hidden="true" />
          </Button>
          <span role="status" className="small">
            {copia}
          </span>
        </dd>
        <dt className="col-sm-3">{TV.huellaAnterior}</dt>
        <dd className="col-sm-9">
          {r.huellaAnterior ? (
            <code title={r.huellaAnterior}>{huellaCorta(r.huellaAnterior)}</code>
          ) : (
            TV.primerRegistro
          )}
        </dd>
        <dt className="col-sm-3">{TV.estado}</dt>
        <dd className="col-sm-9">{ESTADO_REGISTRO_LABELS[r.estado] ?? r.estado}</dd>
        <dt className="col-sm-3">{TV.csvAeat}</dt>
        <dd className="col-sm-9 text-break">{r.csvAeat ?? '—'}</dd>
        <dt className="col-sm-3">{TV.error_}</dt>
        <dd className="col-sm-9">{error || '—'}</dd>
      </dl>
      <details>
        <summary>{TV.cadena}</summary>
        <pre className="mt-2 mb-0 small text-break finanzas-cadena">
          <code>{r.cadena}</code>
        </pre>
      </details>
    </Card>
  );
};

/** finanzas.md §5: the "VERI*FACTU" tab of an invoice or nota, with its QR preview. */
export const VerifactuTab = ({
  id,
  numero,
  base,
}: {
  id: string;
  numero: string | null;
  base: DocumentosApi;
}) => {
  const query = useVerifactuFactura(id, base);
  if (query.isLoading) return <LoadingStatus message={TV.cargando} />;
  if (query.isError || !query.data)
    return <Alert variant="danger">{serverMessageOr(query.error, TV.error)}</Alert>;
  const { registros, qr } = query.data;
  if (registros.length === 0) return <p>{TV.sinRegistros}</p>;
  return (
    <div className="d-grid gap-3">
      {qr && (
        <Card body>
          <h2 className="h6">{TV.qr}</h2>
          <div className="d-flex flex-wrap align-items-center gap-3">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
              alt={TV.qrAlt(numero ?? '')}
              width={132}
              height={132}
            />
            <p className="small text-break mb-0 finanzas-qr-url">{qr.url}</p>
          </div>
        </Card>
      )}
      {registros.map((r) => (
        <Registro key={r.orden} r={r} />
      ))}
    </div>
  );
};
