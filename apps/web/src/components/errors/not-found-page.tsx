import { HomeAndBackActions } from './home-and-back-actions.js';
import { StatusScreen } from '../ui/status-screen.js';

/** SPEC 2.8 not-found page. */
export const NotFoundPage = () => {
  return (
    <StatusScreen
      badge={
        <span className="status-screen__code" aria-hidden="true">
          404
        </span>
      }
      title="Página no encontrada"
      actions={<HomeAndBackActions />}
    >
      <p className="mb-0">La página que buscas no existe o ha sido movida.</p>
    </StatusScreen>
  );
};
