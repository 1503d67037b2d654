import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { FaAddressCard, FaCalendarAlt, FaIdCard, FaTruck } from 'react-icons/fa';
import type { Conductor } from '@tvsistema/domain';
import { EstadoBadge } from '../../../components/resource/estado-badge.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { useConductores } from '../api/conductores.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { plazoTexto } from '../utils/format.js';
import { Desplazable } from './tab-parts.js';

// The driver form (react-hook-form, the domain's driver schema and so zod) loads on its first
// "Nuevo conductor" or "Editar", not with the vehicle list this tab belongs to (decision 0046).
const ConductorModal = lazy(() =>
  import('./conductor-modal.js').then((module) => ({ default: module.ConductorModal })),
);

// §5.1 "Conductores" tab: search, Activos/Inactivos/Todos, the table (cards below 768 px, as every
// list: ResourceResults) and the modal.

const ACTIVO = { activos: true, inactivos: false, todos: undefined } as const;
type FiltroActivo = keyof typeof ACTIVO;

/** The tab's search, filter and page live in the URL (`cq`, `cactivo`, `cpage`), as the list's. */
const useEstadoConductores = () => {
  const [params, setParams] = useSearchParams();
  const activoParam = params.get('cactivo');
  const activo: FiltroActivo =
    activoParam === 'inactivos' || activoParam === 'todos' ? activoParam : 'activos';
  const page = Math.max(1, Number(params.get('cpage')) || 1);
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch))
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return {
    q: params.get('cq') ?? '',
    activo,
    page,
    setQ: (q: string) => set({ cq: q, cpage: undefined }),
    setActivo: (value: FiltroActivo) =>
      set({ cactivo: value === 'activos' ? undefined : value, cpage: undefined }),
    setPage: (value: number) => set({ cpage: value > 1 ? String(value) : undefined }),
    limpiar: () => set({ cq: undefined, cactivo: undefined, cpage: undefined }),
  };
};

const vencimientosDe = (c: Conductor) =>
  c.vencimientos.length === 0
    ? '—'
    : c.vencimientos.map((v) => (
        <Badge
          key={v.tipo}
          bg={v.estado === 'vencido' ? 'danger' : 'warning'}
          text={v.estado === 'vencido' ? undefined : 'dark'}
          className="me-1 text-wrap"
        >
          {v.concepto}: {plazoTexto(v)}
        </Badge>
      ));

/** Below 768 px the rows are cards (ResourceResults): the table's columns as labelled lines. */
const LINEAS: readonly CardLine<Conductor>[] = [
  { id: 'documento', icon: <FaIdCard />, label: 'Documento', value: (c) => c.documento },
  {
    id: 'permisos',
    icon: <FaAddressCard />,
    label: 'Permisos',
    value: (c) => c.clasesPermiso.join(', '),
  },
  {
    id: 'vencimientos',
    icon: <FaCalendarAlt />,
    label: 'Vencimientos',
    value: (c) => (c.vencimientos.length === 0 ? 'Sin vencimientos próximos' : vencimientosDe(c)),
  },
  {
    id: 'vehiculo',
    icon: <FaTruck />,
    label: 'Vehículo habitual',
    value: (c) => c.vehiculoHabitual?.matriculaTexto ?? 'Sin vehículo habitual',
  },
];

export const ConductoresTab = ({ canEdit }: { canEdit: boolean }) => {
  const { q, activo, page, setQ, setActivo, setPage, limpiar } = useEstadoConductores();
  const [editing, setEditing] = useState<Conductor | null | undefined>(undefined);
  const query = useConductores({
    page,
    limit: 20,
    searchTerm: q.trim() || undefined,
    activo: ACTIVO[activo],
  });
  const acciones = (c: Conductor) =>
    canEdit && (
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={`Editar ${c.nombreCompleto}`}
        onClick={() => setEditing(c)}
      >
        Editar
      </Button>
    );

  return (
    <>
      <Row className="g-2 align-items-end mb-3">
        <Col xs={12} sm>
          <Form.Control
            type="search"
            aria-label={T.conductoresSearch}
            placeholder={T.conductoresSearch}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </Col>
        <Col xs={12} sm="auto">
          <Form.Select
            aria-label="Estado del conductor"
            value={activo}
            onChange={(event) => setActivo(event.target.value as FiltroActivo)}
          >
            <option value="activos">Activos</option>
            <option value="inactivos">Inactivos</option>
            <option value="todos">Todos</option>
          </Form.Select>
        </Col>
        {canEdit && (
          <Col xs={12} sm="auto">
            <Button onClick={() => setEditing(null)}>{T.nuevoConductor}</Button>
          </Col>
        )}
      </Row>
      <ResourceResults
        query={query}
        view="list"
        texts={{
          loading: T.loadingConductores,
          empty: T.conductoresEmpty,
          emptyFiltered: T.conductoresEmptyFiltered,
          failed: T.conductoresFailed,
          plural: 'conductores',
        }}
        filtered={q.trim() !== '' || activo !== 'activos'}
        onClearFilters={limpiar}
        onPage={setPage}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(c) => c.nombreCompleto}
            badge={(c) => <EstadoBadge activo={c.activo} />}
            lines={LINEAS}
            footer={(c) => acciones(c)}
          />
        )}
        table={(rows) => (
          <Desplazable label="Conductores">
            <Table hover className="align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Documento</th>
                  <th scope="col">Permisos</th>
                  <th scope="col">Vencimientos</th>
                  <th scope="col">Vehículo habitual</th>
                  <th scope="col">Estado</th>
                  <th scope="col" className="text-end">
                    Acciones
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c._id}>
                    <td>{c.nombreCompleto}</td>
                    <td className="text-nowrap">{c.documento}</td>
                    <td>{c.clasesPermiso.join(', ')}</td>
                    <td>{vencimientosDe(c)}</td>
                    <td>{c.vehiculoHabitual?.matriculaTexto ?? '—'}</td>
                    <td>
                      <EstadoBadge activo={c.activo} />
                    </td>
                    <td className="text-end">{acciones(c)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Desplazable>
        )}
      />
      {editing !== undefined && (
        <Suspense fallback={null}>
          <ConductorModal conductor={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
    </>
  );
};
