import { FiLock } from 'react-icons/fi';
import { HomeAndBackActions } from './home-and-back-actions.js';
import { StatusScreen } from '../ui/status-screen.js';

/** SPEC 2.8 unauthorized page; `/unauthorized?returnTo=` is read by the router, not here. */
export const UnauthorizedPage = () => {
  return (
    <StatusScreen
      badge={
        <span className="status-screen__icon" aria-hidden="true">
          <FiLock />
        </span>
      }
      title="Acceso no autorizado"
      actions={<HomeAndBackActions />}
    >
      <p className="mb-1">No tienes permisos para acceder a esta página.</p>
      <p className="mb-0">Si crees que se trata de un error, contacta con el administrador.</p>
    </StatusScreen>
  );
};
