import { Button, Spinner, Tab, Tabs } from 'react-bootstrap';
import {
  formatEuros,
  formatFecha,
  formatNumero,
  ROL_EQUIPO_LABEL,
  TIPO_TRABAJO_LABEL,
  type Obra,
} from '@tvsistema/domain';
import {
  DetailField,
  DetailModal,
  DetailSection,
} from '../../../components/resource/detail-modal.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import { useRecordTitle } from '../../../lib/page-title.js';
import { obraUrl } from '../api/obra-keys.js';
import { useObra } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { AlertaBadges, AptitudBadge, Avance, EstadoObraBadge } from './obra-badges.js';
import { ubicacionDe, HISTORIAL_LABELS } from './obra-comun.js';
import { PartesTabla } from './partes-tabla.js';
import { DocumentosLista } from './documentos-lista.js';

const fecha = (value: string | null) => (value ? formatFecha(value) : '—');

export const FichaButton = ({ obra }: { obra: Obra }) => {
  const download = useCsvExport((_p: undefined, getAccessToken) =>
    fetchCsv({
      path: obraUrl(obra._id, 'pdf'),
      query: {},
      accept: 'application/pdf',
      fallbackFileName: `obra-${obra.codigo}.pdf`,
      getAccessToken,
    }),
  );
  return (
    <Button
      variant="outline-primary"
      onClick={() => void download.run(undefined)}
      disabled={download.exporting}
    >
      {download.exporting && (
        <Spinner size="sm" animation="border" aria-hidden="true" className="me-1" />
      )}
      {T.printFicha}
    </Button>
  );
};

/** §5.5 "Detalles de la Obra": read-only tabs over the obra of `obra={id}`. */
export const ObraDetailModal = ({
  id,
  onHide,
  editHref,
}: {
  id: string | undefined;
  onHide: () => void;
  editHref: string | undefined;
}) => {
  const query = useObra(id);
  const obra = query.data;
  // The page title names the obra while its modal is open ("{código} {nombre} · Obras").
  useRecordTitle(id && obra ? `${obra.codigo} ${obra.nombre}` : null);
  return (
    <DetailModal
      title={T.detailTitle}
      show={Boolean(id)}
      onHide={onHide}
      editHref={editHref}
      actions={obra ? <FichaButton obra={obra} /> : undefined}
    >
      {!obra ? (
        <p role="status">{query.isError ? T.notFound : T.loadingObra}</p>
      ) : (
        <Tabs defaultActiveKey="resumen" className="mb-3" mountOnEnter>
          <Tab eventKey="resumen" title="Resumen">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <strong>{obra.codigo}</strong>
              <EstadoObraBadge estado={obra.estado} />
              <AlertaBadges alertas={obra.alertas} />
            </div>
            <DetailSection title="Obra">
              <DetailField label="Nombre" value={obra.nombre} />
              <DetailField label="Cliente" value={obra.cliente.nombre} />
              <DetailField label="Dirección" value={ubicacionDe(obra) || '—'} />
              <DetailField label="Tipo de trabajo" value={TIPO_TRABAJO_LABEL[obra.tipoTrabajo]} />
              {obra.motivoEstado && <DetailField label="Motivo" value={obra.motivoEstado} />}
            </DetailSection>
            <DetailSection title="Planificación">
              <DetailField label="Inicio previsto" value={fecha(obra.fechaInicioPrevista)} />
              <DetailField label="Fin previsto" value={fecha(obra.fechaFinPrevista)} />
              <DetailField label="Inicio real" value={fecha(obra.fechaInicioReal)} />
              <DetailField label="Fin real" value={fecha(obra.fechaFinReal)} />
              <DetailField label="Avance" value={<Avance progreso={obra.progreso} />} />
              <DetailField
                label="Horas registradas"
                value={`${formatNumero(obra.horasTotales, 2)} h`}
              />
              <DetailField
                label="Presupuesto (sin IVA)"
                value={obra.importePresupuesto ? formatEuros(obra.importePresupuesto) : '—'}
              />
            </DetailSection>
          </Tab>
          <Tab eventKey="equipo" title={T.tabsEdit.equipo}>
            {obra.equipo.length === 0 ? (
              <p>{T.equipo.vacio}</p>
            ) : (
              <Tabla label={T.tabsEdit.equipo}>
                <thead>
                  <tr>
                    <th scope="col">{T.equipo.operario}</th>
                    <th scope="col">{T.equipo.rol}</th>
                    <th scope="col">{T.equipo.certificacion}</th>
                    <th scope="col">{T.equipo.estado}</th>
                  </tr>
                </thead>
                <tbody>
                  {obra.equipo.map((m) => (
                    <tr key={m.operarioId}>
                      <td>{m.nombre}</td>
                      <td>{ROL_EQUIPO_LABEL[m.rol]}</td>
                      <td>{m.certificacion ?? '—'}</td>
                      <td>
                        <AptitudBadge aptitud={m.aptitud} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Tabla>
            )}
          </Tab>
          <Tab eventKey="partes" title={T.tabsEdit.partes}>
            <PartesTabla obra={obra} />
          </Tab>
          <Tab eventKey="documentos" title="Documentos">
            <DocumentosLista obra={obra} />
          </Tab>
          <Tab eventKey="historial" title={T.tabsEdit.historial}>
            <HistorialTab url={obraUrl(obra._id, 'historial')} labels={HISTORIAL_LABELS} />
          </Tab>
        </Tabs>
      )}
    </DetailModal>
  );
};
