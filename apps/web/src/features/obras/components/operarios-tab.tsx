import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { FaCertificate, FaHardHat, FaHeartbeat, FaIdCard, FaShieldAlt } from 'react-icons/fa';
import { can, OPERARIO_SORT_FIELDS, type Operario } from '@tvsistema/domain';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import {
  createListState,
  formatSort,
  keepingParams,
  useListState,
} from '../../../lib/list-state.js';
import { useOperariosPagina } from '../api/operarios.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { AptitudBadge } from './obra-badges.js';
import { certificacionDe, OperarioModal, prlDe, reconocimientoDe } from './operario-modal.js';

const O = T.operarios;

const base = createListState({
  sortFields: OPERARIO_SORT_FIELDS,
  defaultSort: { field: 'nombre', direction: 'asc' },
  pageSizes: [20, 50, 100],
  defaultPageSize: 50,
  filters: {},
});

/**
 * The tab's list state in the URL (`/obras?vista=operarios&q=…&page=2`): search, page, page size,
 * sort and view, as every list; `vista` stays. §5.5 lists the operarios by columns, so the table
 * is this list's default view on a wide screen (`view=cards` asks for cards).
 */
export const OPERARIO_LIST_STATE = keepingParams(
  {
    ...base,
    defaults: { ...base.defaults, view: 'list' },
    parse: (params) => ({
      ...base.parse(params),
      view: params.get('view') === 'cards' ? 'cards' : 'list',
    }),
    toParams: (state) => {
      const params = base.toParams(state);
      params.delete('view');
      if (state.view === 'cards') params.set('view', 'cards');
      return params;
    },
  },
  ['vista'],
);

const SORT_OPTIONS = [
  { value: 'nombre', label: 'Nombre (A-Z)' },
  { value: 'documento', label: 'Documento' },
  { value: '-updatedAt', label: 'Actualizados recientemente' },
] as const;

const [, colDocumento, colCertificacion, colPrl, colReconocimiento, colObras] = O.columnas;

const LINES: CardLine<Operario>[] = [
  { id: 'documento', icon: <FaIdCard />, label: colDocumento, value: (o) => o.documento },
  {
    id: 'certificacion',
    icon: <FaCertificate />,
    label: colCertificacion,
    value: (o) => certificacionDe(o),
  },
  { id: 'prl', icon: <FaShieldAlt />, label: colPrl, value: (o) => prlDe(o) },
  {
    id: 'reconocimiento',
    icon: <FaHeartbeat />,
    label: colReconocimiento,
    value: (o) => reconocimientoDe(o),
  },
  {
    id: 'obras',
    icon: <FaHardHat />,
    label: colObras,
    value: (o) => `${colObras}: ${o.obrasEnCurso}`,
  },
];

const EstadoOperario = ({ operario }: { operario: Operario }) =>
  operario.activo ? (
    <AptitudBadge aptitud={operario.aptitud} />
  ) : (
    <Badge bg="secondary">Inactivo</Badge>
  );

/**
 * §5.5 Operarios tab: the team's certifications at a glance, paged (§10: about 200 operarios);
 * below 768 px cards with their "Editar" visible; create and edit in a modal.
 */
export const OperariosTab = () => {
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'obras.edit');
  const list = useListState(OPERARIO_LIST_STATE);
  const { state, update } = list;
  const query = useOperariosPagina({
    page: state.page,
    limit: state.limit,
    searchTerm: state.q.trim() || undefined,
    sort: formatSort(state.sort),
  });
  const [abierto, setAbierto] = useState<Operario | 'nuevo' | undefined>();
  const editar = (o: Operario) =>
    canEdit ? (
      <Button size="sm" variant="outline-primary" onClick={() => setAbierto(o)}>
        Editar<span className="visually-hidden"> {o.nombreCompleto}</span>
      </Button>
    ) : null;
  return (
    <div>
      {canEdit && (
        <div className="d-flex justify-content-end mb-2">
          <Button className="resource-accent-button" onClick={() => setAbierto('nuevo')}>
            {O.nuevo}
          </Button>
        </div>
      )}
      <ListToolbar
        list={list}
        searchPlaceholder={O.buscar}
        sortOptions={SORT_OPTIONS}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <ResourceResults
        query={query}
        view={state.view}
        texts={{
          loading: O.cargando,
          empty: O.vacio,
          emptyFiltered: O.vacioFiltrado,
          failed: O.fallo,
          plural: O.plural,
        }}
        filtered={OPERARIO_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(OPERARIO_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(o) => o.nombreCompleto}
            badge={(o) => <EstadoOperario operario={o} />}
            lines={LINES}
            footer={(o) => <div className="d-flex justify-content-end">{editar(o)}</div>}
          />
        )}
        table={(rows) => (
          <Tabla label={T.tabs.operarios}>
            <thead>
              <tr>
                {O.columnas.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o._id}>
                  <td>{o.nombreCompleto}</td>
                  <td>{o.documento}</td>
                  <td>{certificacionDe(o) ?? '—'}</td>
                  <td>{prlDe(o) ?? '—'}</td>
                  <td>{reconocimientoDe(o) ?? '—'}</td>
                  <td>{o.obrasEnCurso}</td>
                  <td>
                    <EstadoOperario operario={o} />
                  </td>
                  <td>{editar(o)}</td>
                </tr>
              ))}
            </tbody>
          </Tabla>
        )}
      />
      {abierto && (
        <OperarioModal
          operario={abierto === 'nuevo' ? undefined : abierto}
          onHide={() => setAbierto(undefined)}
        />
      )}
    </div>
  );
};
