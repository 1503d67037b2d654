import { ErrorScreen } from './error-screen.js';

/**
 * SPEC 4.5: without browser storage the session cannot be kept, so the app does not start and
 * explains why.
 */
export const StorageUnavailable = () => (
  <ErrorScreen
    title="Navegador no compatible"
    message={
      <p className="mb-0">
        Este navegador no permite guardar datos de sesión (almacenamiento local desactivado o modo
        privado estricto). Activa el almacenamiento o utiliza otro navegador para acceder a
        TVSistema.
      </p>
    }
    actions={null}
  />
);
