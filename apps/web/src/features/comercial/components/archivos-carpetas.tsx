import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { CARPETAS_ALQUILER, nombreCarpeta } from '@tvsistema/domain';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// The archive's folders (comercial.md §5): the five fixed ones, then the custom ones the files
// name (and the one open, even while empty), each with how many files it holds with its
// subfolders; a breadcrumb of the open folder; "Nueva carpeta" inside it.

/** "Obra Son Castelló" → "obra-son-castello", the folder's slug (§2: [a-z0-9-]{1,40}). */
export const slugCarpeta = (nombre: string) =>
  nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

const dentro = (carpeta: string, de: string) => carpeta === de || carpeta.startsWith(`${de}/`);

export const CarpetasNav = ({
  alquilerId,
  abierta,
  carpetas,
}: {
  alquilerId: string;
  abierta: string | undefined;
  carpetas: readonly { carpeta: string; total: number }[];
}) => {
  const fijas: readonly string[] = CARPETAS_ALQUILER;
  const propias = [...new Set([...carpetas.map((c) => c.carpeta), ...(abierta ? [abierta] : [])])]
    .filter((c) => !fijas.includes(c))
    .sort((a, b) => a.localeCompare(b, 'es'));
  const total = (de: string) =>
    carpetas.filter((c) => dentro(c.carpeta, de)).reduce((n, c) => n + c.total, 0);
  const enlace = (carpeta: string | undefined, texto: string, cuenta: number) => (
    <li key={carpeta ?? ''} className="nav-item">
      <Link
        to={comercialHrefs.archivos(alquilerId, carpeta)}
        className={`nav-link d-flex justify-content-between gap-2${abierta === carpeta ? ' active' : ''}`}
        aria-current={abierta === carpeta ? 'page' : undefined}
      >
        <span>{texto}</span>{' '}
        <span className="badge rounded-pill text-bg-light border">
          {cuenta} <span className="visually-hidden">{cuenta === 1 ? 'archivo' : 'archivos'}</span>
        </span>
      </Link>
    </li>
  );
  return (
    <nav aria-label={T.archivos.carpetasNav} className="comercial-carpetas">
      <ul className="nav nav-pills flex-column">
        {enlace(
          undefined,
          T.archivos.todos,
          carpetas.reduce((n, c) => n + c.total, 0),
        )}
        {fijas.map((c) => enlace(c, nombreCarpeta(c), total(c)))}
        {propias.map((c) => enlace(c, c.split('/').map(nombreCarpeta).join(' › '), total(c)))}
      </ul>
    </nav>
  );
};

export const RutaCarpeta = ({
  alquilerId,
  carpeta,
}: {
  alquilerId: string;
  carpeta: string | undefined;
}) => {
  const niveles = carpeta ? carpeta.split('/') : [];
  return (
    <nav aria-label={T.archivos.ruta}>
      <ol className="breadcrumb mb-2">
        <li className="breadcrumb-item">
          {niveles.length === 0 ? (
            <span aria-current="page">{T.archivos.todos}</span>
          ) : (
            <Link to={comercialHrefs.archivos(alquilerId)}>{T.archivos.todos}</Link>
          )}
        </li>
        {niveles.map((nivel, i) => {
          const ruta = niveles.slice(0, i + 1).join('/');
          const ultimo = i === niveles.length - 1;
          return (
            <li key={ruta} className={`breadcrumb-item${ultimo ? ' active' : ''}`}>
              {ultimo ? (
                <span aria-current="page">{nombreCarpeta(nivel)}</span>
              ) : (
                <Link to={comercialHrefs.archivos(alquilerId, ruta)}>{nombreCarpeta(nivel)}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
};

/** Opens a new (empty) folder inside the open one; it is kept once a file is uploaded there. */
export const NuevaCarpeta = ({
  alquilerId,
  dentroDe,
}: {
  alquilerId: string;
  dentroDe: string | undefined;
}) => {
  const navigate = useNavigate();
  const [abierto, setAbierto] = useState(false);
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | undefined>();
  const tituloId = useId();
  const profunda = (dentroDe?.split('/').length ?? 0) >= 3;
  const cerrar = () => {
    setAbierto(false);
    setNombre('');
    setError(undefined);
  };
  const crear = () => {
    const slug = slugCarpeta(nombre);
    if (!slug) {
      setError(T.archivos.carpetaVacia);
      return;
    }
    cerrar();
    void navigate(comercialHrefs.archivos(alquilerId, dentroDe ? `${dentroDe}/${slug}` : slug));
  };
  return (
    <>
      <Button
        variant="outline-primary"
        onClick={() => setAbierto(true)}
        disabled={profunda}
        title={profunda ? T.archivos.carpetaProfunda : undefined}
      >
        {T.archivos.nuevaCarpeta}
      </Button>
      <Modal show={abierto} onHide={cerrar} centered aria-labelledby={tituloId}>
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            crear();
          }}
        >
          <Modal.Header closeButton closeLabel="Cerrar">
            <Modal.Title as="h2" className="h5" id={tituloId}>
              {T.archivos.nuevaCarpeta}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group controlId="carpeta-nombre">
              <Form.Label>{T.archivos.nombreCarpeta}</Form.Label>
              <Form.Control
                value={nombre}
                maxLength={60}
                autoFocus
                {...invalidProps('carpeta-nombre', error)}
                onChange={(e) => setNombre(e.target.value)}
              />
              <Form.Control.Feedback type="invalid" id={errorIdOf('carpeta-nombre')}>
                {error}
              </Form.Control.Feedback>
              {slugCarpeta(nombre) && (
                <Form.Text>
                  {T.archivos.destino(
                    dentroDe ? `${dentroDe}/${slugCarpeta(nombre)}` : slugCarpeta(nombre),
                  )}
                </Form.Text>
              )}
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={cerrar}>
              {T.comun.cancelar}
            </Button>
            <Button type="submit">{T.archivos.crearCarpeta}</Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
};
