import { Card } from 'react-bootstrap';
import { FiTool } from 'react-icons/fi';

export type ModulePlaceholderProps = {
  /** The module's name, the page title. */
  title: string;
  /** Which screen of the module this route will show (list, alta, edición…). */
  screen?: string;
};

export const MODULE_PLACEHOLDER_TEXT = 'Este módulo estará disponible próximamente.';
export const STUB_PAGE_TITLE = 'Página en desarrollo';

/**
 * DESIGN decision 6: a module screen that is not built yet keeps its route and guard and shows
 * this page, titled with the module's name.
 */
export const ModulePlaceholder = ({ title, screen }: ModulePlaceholderProps) => (
  <section aria-labelledby="module-title">
    <h1 id="module-title" className="h3 mb-3">
      {title}
    </h1>
    <Card className="border-0 shadow-sm">
      <Card.Body className="d-flex align-items-center gap-3 py-4">
        <FiTool size={32} className="text-body-secondary flex-shrink-0" aria-hidden="true" />
        <div>
          {screen ? <p className="fw-semibold mb-1">{screen}</p> : null}
          <p className="mb-0 text-body-secondary">{MODULE_PLACEHOLDER_TEXT}</p>
        </div>
      </Card.Body>
    </Card>
  </section>
);

/** SPEC 2.11: the detail pages the specification marks as stubs. */
export const StubPage = () => <ModulePlaceholder title={STUB_PAGE_TITLE} />;
