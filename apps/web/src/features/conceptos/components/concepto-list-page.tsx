import { useEffect } from 'react';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaBoxes, FaCopy, FaEdit, FaPercent, FaRegEye, FaTag } from 'react-icons/fa';
import { can } from '@tvsistema/domain';
import {
  APLICA_A,
  APLICA_A_LABELS,
  TIPO_CONCEPTO_LABELS,
  TIPOS_CONCEPTO,
  UNIDAD_CONCEPTO_LABELS,
  type Concepto,
  type ConceptoSortField,
} from '@tvsistema/domain/inventario';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable, type Column } from '../../../components/resource/resource-table.js';
import { ToolbarSelect, type ToolbarOption } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import {
  exportConceptos,
  fetchTarifaPdf,
  useConceptos,
  type ConceptoExportParams,
} from '../api/conceptos-api.js';
import { conceptoHrefs } from '../concepto-paths.js';
import { CONCEPTO_TEXTS as T } from '../concepto-texts.js';
import { ivaLabel, precioConUnidad } from '../utils/concepto-format.js';
import { CONCEPTO_LIST_STATE, toConceptoParams } from '../utils/concepto-list-state.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../conceptos.css';

const SORT_OPTIONS: readonly ToolbarOption<string>[] = [
  { value: 'codigo', label: 'Código (A-Z)' },
  { value: '-codigo', label: 'Código (Z-A)' },
  { value: 'nombre', label: 'Nombre (A-Z)' },
  { value: '-nombre', label: 'Nombre (Z-A)' },
  { value: 'tipo', label: 'Tipo' },
  { value: 'precio', label: 'Precio (menor primero)' },
  { value: '-precio', label: 'Precio (mayor primero)' },
  { value: '-updatedAt', label: 'Modificadas recientemente' },
];

const TIPO_OPTIONS = [
  { value: 'todos' as const, label: T.filters.tipoTodos },
  ...TIPOS_CONCEPTO.map((value) => ({ value, label: TIPO_CONCEPTO_LABELS[value] })),
];
const APLICA_A_OPTIONS = [
  { value: 'cualquiera' as const, label: T.filters.aplicaACualquiera },
  ...APLICA_A.map((value) => ({ value, label: `Aplica a: ${APLICA_A_LABELS[value]}` })),
];
const ESTADO_OPTIONS = [
  { value: 'activas' as const, label: T.filters.activas },
  { value: 'inactivas' as const, label: T.filters.inactivas },
  { value: 'todas' as const, label: T.filters.todas },
];

export const ConceptoEstadoBadge = ({ activo }: { activo: boolean }) => (
  <Badge bg={activo ? 'success' : 'secondary'} pill>
    {activo ? T.activa : T.inactiva}
  </Badge>
);

const ConceptoActions = ({ record, canEdit }: { record: Concepto; canEdit: boolean }) => (
  <div className="d-flex gap-1 justify-content-end">
    <Link
      to={conceptoHrefs.detail(record._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={T.viewOf(record.codigo)}
      title={T.view}
    >
      <FaRegEye aria-hidden="true" />
    </Link>
    {canEdit && (
      <>
        <Link
          to={conceptoHrefs.edit(record._id)}
          className="btn btn-sm btn-outline-primary"
          aria-label={T.editOf(record.codigo)}
          title={T.edit}
        >
          <FaEdit aria-hidden="true" />
        </Link>
        <Link
          to={conceptoHrefs.duplicate(record._id)}
          className="btn btn-sm btn-outline-secondary"
          aria-label={T.duplicateOf(record.codigo)}
          title={T.duplicate}
        >
          <FaCopy aria-hidden="true" />
        </Link>
      </>
    )}
  </div>
);

const CARD_LINES: readonly CardLine<Concepto>[] = [
  {
    id: 'tipo',
    icon: <FaTag />,
    label: T.columns.tipo,
    value: (r) => TIPO_CONCEPTO_LABELS[r.tipo],
  },
  {
    id: 'precio',
    icon: <FaPercent />,
    label: T.columns.precio,
    value: (r) =>
      `${precioConUnidad(r.precio, r.unidad)} · IVA ${ivaLabel(r.tipoIva, r.motivoIva0)}`,
  },
  {
    id: 'aplicaA',
    icon: <FaBoxes />,
    label: T.columns.aplicaA,
    value: (r) => `Aplica a: ${APLICA_A_LABELS[r.aplicaA]}`,
  },
];

const columns = (canEdit: boolean): readonly Column<Concepto, ConceptoSortField>[] => [
  {
    id: 'codigo',
    header: T.columns.codigo,
    sortKey: 'codigo',
    cellClassName: 'text-nowrap',
    cell: (r) => (
      <Link to={conceptoHrefs.detail(r._id)} className="fw-semibold">
        {r.codigo}
      </Link>
    ),
  },
  { id: 'nombre', header: T.columns.nombre, sortKey: 'nombre', cell: (r) => r.nombre },
  {
    id: 'tipo',
    header: T.columns.tipo,
    sortKey: 'tipo',
    cell: (r) => TIPO_CONCEPTO_LABELS[r.tipo],
  },
  { id: 'unidad', header: T.columns.unidad, cell: (r) => UNIDAD_CONCEPTO_LABELS[r.unidad] },
  {
    id: 'precio',
    header: T.columns.precio,
    sortKey: 'precio',
    cellClassName: 'text-nowrap text-end',
    cell: (r) => precioConUnidad(r.precio, r.unidad),
  },
  {
    id: 'iva',
    header: T.columns.iva,
    cellClassName: 'text-nowrap',
    cell: (r) => ivaLabel(r.tipoIva, r.motivoIva0),
  },
  { id: 'aplicaA', header: T.columns.aplicaA, cell: (r) => APLICA_A_LABELS[r.aplicaA] },
  {
    id: 'estado',
    header: T.columns.estado,
    cell: (r) => <ConceptoEstadoBadge activo={r.activo} />,
  },
  {
    id: 'acciones',
    header: T.columns.acciones,
    headerClassName: 'text-end',
    cell: (r) => <ConceptoActions record={r} canEdit={canEdit} />,
  },
];

/** /conceptos (conceptos.view): the concept templates (inventario.md §5.7). */
export const ConceptoListPage = () => {
  const list = useListState(CONCEPTO_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'conceptos.edit');
  const [flash, dismissFlash] = useFlash();
  const query = useConceptos(toConceptoParams(state));
  const csv = useCsvExport((params: ConceptoExportParams, getAccessToken) =>
    exportConceptos(params, getAccessToken),
  );

  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, state.page, update]);

  const onExport = () => {
    const { page: _page, limit: _limit, ...filters } = toConceptoParams(state);
    void csv.run(filters);
  };

  return (
    <ResourcePage className="conceptos-page">
      <ListHeader
        title={T.listTitle}
        actions={
          <>
            <PdfButton fetchFile={fetchTarifaPdf}>{T.printTarifa}</PdfButton>
            <ExportCsvButton exporting={csv.exporting} onExport={onExport} />
            {canEdit && <CreateLink to={conceptoHrefs.create()}>{T.newButton}</CreateLink>}
          </>
        }
      />
      <p className="text-body-secondary mt-n2 mb-3">{T.listSubtitle}</p>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />

      <ListToolbar
        list={list}
        searchPlaceholder={T.searchPlaceholder}
        sortOptions={SORT_OPTIONS}
        filters={
          <>
            <ToolbarSelect
              label={T.filters.tipo}
              value={state.tipo}
              options={TIPO_OPTIONS}
              onChange={(tipo) => update({ tipo, page: 1 })}
            />
            <ToolbarSelect
              label={T.filters.aplicaA}
              value={state.aplicaA}
              options={APLICA_A_OPTIONS}
              onChange={(aplicaA) => update({ aplicaA, page: 1 })}
            />
            <ToolbarSelect
              label={T.filters.estado}
              value={state.estado}
              options={ESTADO_OPTIONS}
              onChange={(estado) => update({ estado, page: 1 })}
            />
          </>
        }
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      <ResourceResults
        query={query}
        view={state.view}
        texts={{
          loading: T.loadingList,
          empty: T.empty,
          emptyFiltered: T.emptyFiltered,
          failed: T.listFailed,
          plural: T.plural,
        }}
        filtered={CONCEPTO_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(CONCEPTO_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(r) => `${r.codigo} · ${r.nombre}`}
            badge={(r) => <ConceptoEstadoBadge activo={r.activo} />}
            lines={CARD_LINES}
            footer={(r) => <ConceptoActions record={r} canEdit={canEdit} />}
          />
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={columns(canEdit)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
    </ResourcePage>
  );
};
