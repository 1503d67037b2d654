import { Modal } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router';
import { can } from '@tvsistema/domain';
import { useAuthContext } from '../../../lib/auth-context.js';
import { CLIENTE_VERTICALES_CONFIG as CONFIG } from '../parte-config.js';
import { ParteFormPage } from './parte-form-page.js';
import { ParteList } from './parte-list-page.js';

// The Clientes tab of /obras (flota-obras.md §5.5, SPEC 2.11 "or /obras for verticales"): the
// party list of every other empresa, bound to /api/obras/clientes, and the party form in a modal,
// since /obras has no client routes (DESIGN decision 5: the verticales base is /obras).

const BASE = CONFIG.basePath.verticales;

/** `cliente=nuevo` or `cliente={id}` in the URL opens the form; leaving it closes the modal. */
export const ClientesVerticalesPanel = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  // Only an editor gets the form (a typed URL by a viewer shows the list).
  const abierto = can(roles, CONFIG.editPermission) ? params.get('cliente')?.trim() : undefined;
  const mode = abierto === 'nuevo' ? 'create' : 'edit';
  const title = mode === 'create' ? CONFIG.texts.newTitle : CONFIG.texts.editTitle;
  return (
    <>
      <ParteList config={CONFIG} system="verticales" base={BASE} level={2} />
      {abierto && (
        <Modal
          show
          size="xl"
          fullscreen="lg-down"
          aria-label={title}
          // The form's Volver and Cancelar go back to the list; so do Escape and the backdrop
          // (the unsaved-changes guard still asks first).
          onHide={() => void navigate(CONFIG.paths.list(BASE))}
        >
          <Modal.Body className="p-0">
            <ParteFormPage
              config={CONFIG}
              mode={mode}
              {...(mode === 'edit' ? { id: abierto } : {})}
              basePath={BASE}
            />
          </Modal.Body>
        </Modal>
      )}
    </>
  );
};
