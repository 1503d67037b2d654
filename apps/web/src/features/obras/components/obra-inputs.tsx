import { useId } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { Controller, useFormContext } from 'react-hook-form';
import { FaCalendarAlt, FaEuroSign, FaHardHat, FaMapMarkerAlt, FaStickyNote } from 'react-icons/fa';
import { TIPO_TRABAJO_LABEL, TIPOS_TRABAJO } from '@tvsistema/domain';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { AddressPicker } from '../../localizacion/index.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import type { ObraFormValues } from '../utils/obra-form-values.js';
import { ClientePicker } from './cliente-picker.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

const F = T.fields;

const Campo = ({
  name,
  label,
  type = 'text',
  as,
  col = { xs: 12 },
}: {
  name: keyof ObraFormValues & string;
  label: string;
  type?: string;
  as?: 'textarea';
  col?: { xs?: number; md?: number };
}) => {
  const { register } = useFormContext<ObraFormValues>();
  const visibleError = useVisibleError<ObraFormValues>();
  const error = visibleError(name);
  const id = useId();
  return (
    <Col {...col}>
      <Form.Group>
        <Form.Label htmlFor={id}>{label}</Form.Label>
        <Form.Control
          id={id}
          type={type}
          {...(as ? { as, rows: 3 } : {})}
          {...invalidProps(id, error)}
          {...register(name)}
        />
        <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};

/**
 * §5.6 "Datos": the create form's cards, plus the real dates once started and Avance (%) while
 * the work runs (en curso or pausada; a finished work stays at its 100 %).
 */
export const ObraInputs = ({
  cliente,
  canCreate,
  iniciada,
  enMarcha,
}: {
  cliente: { _id: string; nombre: string } | null;
  canCreate: boolean;
  iniciada: boolean;
  enMarcha: boolean;
}) => {
  const { register, control } = useFormContext<ObraFormValues>();
  const visibleError = useVisibleError<ObraFormValues>();
  const tipoError = visibleError('tipoTrabajo');
  // Without a city the street is missing too: the city, the first to choose, is the one named.
  const ciudadError = visibleError('direccion.ciudadId');
  const direccionError = ciudadError ?? visibleError('direccion.calleId');
  const tipoId = useId();
  return (
    <Row className="g-3">
      <Col lg={7} className="d-flex flex-column gap-3">
        <SectionCard title={T.cards.datos} icon={<FaHardHat />}>
          <Row className="g-3">
            <Campo name="nombre" label={F.nombre} />
            <ClientePicker actual={cliente} canCreate={canCreate} />
            <Col xs={12}>
              <Form.Group>
                <Form.Label htmlFor={tipoId}>{F.tipoTrabajo}</Form.Label>
                <Form.Select
                  id={tipoId}
                  {...invalidProps(tipoId, tipoError)}
                  {...register('tipoTrabajo')}
                >
                  <option value="">—</option>
                  {TIPOS_TRABAJO.map((t) => (
                    <option key={t} value={t}>
                      {TIPO_TRABAJO_LABEL[t]}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id={errorIdOf(tipoId)}>
                  {tipoError}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Campo name="descripcion" label={F.descripcion} as="textarea" />
          </Row>
        </SectionCard>
        <SectionCard title={T.cards.direccion} icon={<FaMapMarkerAlt />}>
          <Controller
            control={control}
            name="direccion"
            render={({ field }) => (
              <AddressPicker
                value={field.value}
                onChange={field.onChange}
                canCreate={canCreate}
                idPrefix="obra-direccion"
                {...(direccionError ? { errorId: 'obra-direccion-error' } : {})}
                errorLevel={ciudadError ? 'ciudad' : 'calle'}
              />
            )}
          />
          {direccionError && (
            <div id="obra-direccion-error" className="text-danger small mt-2" role="alert">
              {direccionError}
            </div>
          )}
        </SectionCard>
      </Col>
      <Col lg={5} className="d-flex flex-column gap-3">
        <SectionCard title={T.cards.planificacion} icon={<FaCalendarAlt />}>
          <Row className="g-3">
            <Campo
              name="fechaInicioPrevista"
              label={F.inicioPrevisto}
              type="date"
              col={{ xs: 12, md: 6 }}
            />
            <Campo
              name="fechaFinPrevista"
              label={F.finPrevisto}
              type="date"
              col={{ xs: 12, md: 6 }}
            />
            {iniciada && (
              <>
                <Campo
                  name="fechaInicioReal"
                  label={F.inicioReal}
                  type="date"
                  col={{ xs: 12, md: 6 }}
                />
                <Campo name="fechaFinReal" label={F.finReal} type="date" col={{ xs: 12, md: 6 }} />
              </>
            )}
            {enMarcha && <Campo name="progreso" label={F.avance} type="number" />}
            <Campo name="responsable" label={F.responsable} />
            <Campo name="coordinadorSeguridad" label={F.coordinador} />
          </Row>
        </SectionCard>
        <SectionCard title={T.cards.presupuesto} icon={<FaEuroSign />}>
          <Row>
            <Campo name="importePresupuesto" label={F.importe} />
          </Row>
        </SectionCard>
        <SectionCard title={T.cards.observaciones} icon={<FaStickyNote />}>
          <Row>
            <Campo name="observaciones" label={F.observaciones} as="textarea" />
          </Row>
        </SectionCard>
      </Col>
    </Row>
  );
};
