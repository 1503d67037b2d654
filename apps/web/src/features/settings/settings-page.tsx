import { Card, Container, Tab, Tabs } from 'react-bootstrap';
import { can, EMPRESA_LABELS, EMPRESAS } from '@tvsistema/domain';
import { useAuthContext } from '../../lib/auth-context.js';
import { PREFERENCIAS_TEXTS, PreferenciasForm } from '../preferencias/index.js';
import { EmisorForm } from './emisor-form.js';

/**
 * /settings, the navbar's "Configuración" (SPEC 2.14): every user's own preferences (issue 14,
 * decision 0044), then the empresas' legal data for whoever holds `facturacion.fiscal`
 * (administracion), printed on every document's letterhead.
 */
export const SettingsPage = () => {
  const { roles } = useAuthContext();
  const fiscal = can(roles, 'facturacion.fiscal');
  return (
    <Container fluid="xxl" className="py-3">
      <h1 className="h3 mb-3">Configuración</h1>
      <Card as="section" aria-labelledby="preferencias" className="shadow-sm mb-3">
        <Card.Body>
          <h2 id="preferencias" className="h5">
            Preferencias
          </h2>
          <p className="text-body-secondary">{PREFERENCIAS_TEXTS.intro}</p>
          <PreferenciasForm />
        </Card.Body>
      </Card>
      <Card as="section" aria-labelledby="datos-de-empresa" className="shadow-sm">
        <Card.Body>
          <h2 id="datos-de-empresa" className="h5">
            Datos de empresa
          </h2>
          {fiscal ? (
            <>
              <p className="text-body-secondary">
                Razón social, NIF, domicilio fiscal e IBAN de cada empresa: salen en el membrete de
                sus documentos y en sus facturas.
              </p>
              <Tabs
                defaultActiveKey="alquileres"
                id="datos-de-empresa-tabs"
                className="mb-3"
                mountOnEnter
              >
                {EMPRESAS.map((empresa) => (
                  <Tab key={empresa} eventKey={empresa} title={EMPRESA_LABELS[empresa]}>
                    <EmisorForm empresa={empresa} />
                  </Tab>
                ))}
              </Tabs>
            </>
          ) : (
            <p className="text-body-secondary mb-0">
              Los datos de empresa solo los edita Administración.
            </p>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
};
