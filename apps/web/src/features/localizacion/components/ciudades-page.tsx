import { useCallback } from 'react';
import { Alert, Breadcrumb, Col, Row } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useLocation } from '../api/get-location.js';
import '../localizacion.css';
import { LEVELS, capitalize, type LocationFilters, type LocationLevel } from '../levels.js';
import {
  PATH_LEVELS,
  SEARCH_PARAMS,
  deepestLevel,
  listsFor,
  pathSearch,
  readPath,
  searchSearch,
  type HierarchyPath,
  type PathLevel,
} from '../utils/ciudades-url.js';
import type { CreationParents } from './location-create-modal.js';
import { LocationListPanel, panelTitle } from './location-list-panel.js';

const filtersFor = (level: LocationLevel, path: HierarchyPath): LocationFilters => {
  const defined = (filters: Record<string, string | null>): LocationFilters =>
    Object.fromEntries(Object.entries(filters).filter(([, id]) => id !== null)) as LocationFilters;
  switch (level) {
    case 'pais':
      return {};
    case 'provincia':
      return defined({ paisId: path.pais });
    case 'municipio':
      return defined({ provinciaId: path.provincia });
    case 'ciudad':
      return defined({ provinciaId: path.provincia, municipioId: path.municipio });
    case 'calle':
    case 'codigoPostal':
      return defined({ ciudadId: path.ciudad });
  }
};

const usePathRecords = (path: HierarchyPath) => {
  const pais = useLocation('pais', path.pais);
  const provincia = useLocation('provincia', path.provincia);
  const municipio = useLocation('municipio', path.municipio);
  const ciudad = useLocation('ciudad', path.ciudad);
  const queries = { pais, provincia, municipio, ciudad };
  const names: Record<PathLevel, string | null> = {
    pais: pais.data?.nombre ?? null,
    provincia: provincia.data?.nombre ?? null,
    municipio: municipio.data?.nombre ?? null,
    ciudad: ciudad.data?.nombre ?? null,
  };
  const failed = PATH_LEVELS.find((level) => queries[level].isError);
  return { names, failed, error: failed ? queries[failed].error : null };
};

/**
 * /localizacion/ciudades (administracion): the location hierarchy level by level, with search,
 * creation, renaming and guarded deletion at every level. All state lives in the query string.
 */
export const CiudadesPage = () => {
  const [params, setParams] = useSearchParams();
  const path = readPath(params);
  const { names, failed, error } = usePathRecords(path);
  const deepest = deepestLevel(path);
  const parentName = deepest ? names[deepest] : null;
  const parents: CreationParents = {
    paisId: path.pais,
    pais: names.pais,
    provinciaId: path.provincia,
    provincia: names.provincia,
    municipioId: path.municipio,
    municipio: names.municipio,
    ciudadId: path.ciudad,
    ciudad: names.ciudad,
  };
  const chosen = PATH_LEVELS.filter((level) => path[level] !== null);

  const setSearch = useCallback(
    (level: LocationLevel, text: string) =>
      setParams((current) => new URLSearchParams(searchSearch(current, level, text)), {
        replace: true,
      }),
    [setParams],
  );

  const lists = listsFor(path);

  return (
    <div className="container-fluid py-3">
      <h1 className="h3">Ciudades</h1>
      <p className="text-body-secondary">
        Países, provincias, municipios, ciudades, calles y códigos postales que usan las
        direcciones. Elige un nombre para ver lo que contiene.
      </p>
      <Breadcrumb aria-label="Ruta de localización" className="mb-3">
        {chosen.length === 0 ? (
          <Breadcrumb.Item active>Países</Breadcrumb.Item>
        ) : (
          <Breadcrumb.Item linkAs={Link} linkProps={{ to: { search: pathSearch(params, null) } }}>
            Países
          </Breadcrumb.Item>
        )}
        {chosen.map((level, index) => {
          const name = names[level] ?? '…';
          // "PALMA / PALMA" is a municipality and its city: say which, for screen readers too.
          const label = `${capitalize(LEVELS[level].singular)}: ${name}`;
          const content = (
            <>
              <span className="visually-hidden">{capitalize(LEVELS[level].singular)}:</span> {name}
            </>
          );
          return index === chosen.length - 1 ? (
            <Breadcrumb.Item key={level} active title={label}>
              {content}
            </Breadcrumb.Item>
          ) : (
            <Breadcrumb.Item
              key={level}
              title={label}
              linkAs={Link}
              linkProps={{ to: { search: pathSearch(params, level, path[level]) } }}
            >
              {content}
            </Breadcrumb.Item>
          );
        })}
      </Breadcrumb>
      {failed && (
        <Alert variant="warning">
          <p className="mb-1">
            No se pudo abrir la ruta elegida ({LEVELS[failed].singular}): {error?.message}
          </p>
          <Link to={{ search: pathSearch(params, null) }}>Volver a la lista de países</Link>
        </Alert>
      )}
      {!failed && (
        <Row className="g-3">
          {lists.map((level) => {
            const filters = filtersFor(level, path);
            const openLevel = (PATH_LEVELS as readonly LocationLevel[]).includes(level)
              ? (level as PathLevel)
              : null;
            return (
              <Col
                key={`${level}:${Object.values(filters).join('/')}`}
                xs={12}
                lg={lists.length > 1 ? 6 : 12}
              >
                <LocationListPanel
                  level={level}
                  title={panelTitle(level, parentName)}
                  parentName={parentName}
                  filters={filters}
                  parents={parents}
                  search={params.get(SEARCH_PARAMS[level]) ?? ''}
                  onSearchChange={(text) => setSearch(level, text)}
                  {...(openLevel
                    ? { openSearch: (record) => pathSearch(params, openLevel, record._id) }
                    : {})}
                />
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
};
