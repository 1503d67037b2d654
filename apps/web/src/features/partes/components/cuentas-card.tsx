import { Col, Form, Row } from 'react-bootstrap';
import { useFormContext } from 'react-hook-form';
import { FaCalculator } from 'react-icons/fa';
import type { CuentaContable } from '@tvsistema/domain';
import { CUENTA_LABELS } from '../parte-config.js';
import type { ParteFormValues } from '../utils/form-rules.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

/** The accounting set of the party type (DESIGN decision 1); all optional, 3 to 12 digits. */
export const CuentasCard = ({ cuentas }: { cuentas: readonly CuentaContable[] }) => {
  const { register } = useFormContext<ParteFormValues>();
  const visibleError = useVisibleError<ParteFormValues>();
  return (
    <SectionCard title="Cuentas Contables" icon={<FaCalculator />}>
      <Row className="g-3">
        {cuentas.map((cuenta) => {
          const error = visibleError(cuenta);
          return (
            <Col key={cuenta} sm={4}>
              <Form.Group controlId={`parte-${cuenta}`}>
                <Form.Label>{CUENTA_LABELS[cuenta]}</Form.Label>
                <Form.Control
                  {...register(cuenta)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  {...invalidProps(`parte-${cuenta}`, error)}
                />
                <Form.Control.Feedback type="invalid" id={errorIdOf(`parte-${cuenta}`)}>
                  {error}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
          );
        })}
      </Row>
    </SectionCard>
  );
};
