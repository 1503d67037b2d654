import { Nav } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { ListHeader } from '../../../components/resource/list-header.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useFlash } from '../../../lib/flash.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import '../obras.css';
import { ClientesTab } from './clientes-tab.js';
import { ObrasTab } from './obras-tab.js';
import { OperariosTab } from './operarios-tab.js';
import { PlanificacionTab } from './planificacion-tab.js';

const VISTAS = ['obras', 'planificacion', 'operarios', 'clientes'] as const;
type Vista = (typeof VISTAS)[number];

/** /obras (flota-obras.md §5.5): works, planning, operarios and the verticales clients. */
export const ObraListPage = () => {
  const [params, setParams] = useSearchParams();
  const vista: Vista = VISTAS.find((v) => v === params.get('vista')) ?? 'obras';
  const [flash, dismissFlash] = useFlash();
  return (
    <ResourcePage className="obras-page">
      <ListHeader title={T.listTitle} actions={null} />
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <Nav
        variant="tabs"
        className="mb-3"
        activeKey={vista}
        onSelect={(key) => setParams(key && key !== 'obras' ? { vista: key } : {})}
      >
        {VISTAS.map((v) => (
          <Nav.Item key={v}>
            <Nav.Link as="button" type="button" eventKey={v}>
              {T.tabs[v]}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {vista === 'obras' && <ObrasTab />}
      {vista === 'planificacion' && <PlanificacionTab />}
      {vista === 'operarios' && <OperariosTab />}
      {vista === 'clientes' && <ClientesTab />}
    </ResourcePage>
  );
};
