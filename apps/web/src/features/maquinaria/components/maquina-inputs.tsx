import { Button, Col, Form, Row } from 'react-bootstrap';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  FaCalendarCheck,
  FaCogs,
  FaEuroSign,
  FaIdCard,
  FaPlus,
  FaRoad,
  FaShoppingCart,
  FaStickyNote,
  FaTachometerAlt,
  FaTrashAlt,
} from 'react-icons/fa';
import {
  COMBUSTIBLE_LABELS,
  COMBUSTIBLES,
  formatEuros,
  importeAlquiler,
  TIPO_MAQUINA,
  TIPOS_MAQUINA,
} from '@tvsistema/domain';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { formatHoras } from '../utils/format.js';
import {
  BLANK_CARACTERISTICA,
  BLANK_REVISION,
  toDecimalText,
  type MaquinaFormMode,
  type MaquinaFormValues,
} from '../utils/maquina-form-values.js';
import { Field, SelectField } from './form-fields.js';
import { FotoCard } from './foto-card.js';
import { ProveedorPicker } from './proveedor-picker.js';

const TIPO_OPTIONS = [
  { value: '', label: 'Selecciona…' },
  ...TIPOS_MAQUINA.map((tipo) => ({ value: tipo, label: TIPO_MAQUINA[tipo].label })),
];
const COMBUSTIBLE_OPTIONS = COMBUSTIBLES.map((c) => ({ value: c, label: COMBUSTIBLE_LABELS[c] }));
const DECIMAL = /^\d+(\.\d+)?$/;
const PREVIEW_DIAS = 15;

/** §5.2 "15 días: 855,00 €" by R2 (the domain's importeAlquiler), when the daily rate is valid. */
export const previewTarifa = (tarifas: MaquinaFormValues['tarifas']): string | undefined => {
  const dia = toDecimalText(tarifas.dia);
  if (!DECIMAL.test(dia) || Number(dia) <= 0) return undefined;
  const optional = (value: string) => {
    const text = toDecimalText(value);
    return DECIMAL.test(text) && Number(text) > 0 ? text : null;
  };
  try {
    const { importe } = importeAlquiler({
      dias: PREVIEW_DIAS,
      precioDia: dia,
      precioSemana: optional(tarifas.semana),
      precioMes: optional(tarifas.mes),
    });
    return `${PREVIEW_DIAS} días: ${formatEuros(importe)}`;
  } catch {
    return undefined;
  }
};

const IdentificacionCard = () => (
  <SectionCard title="Identificación" icon={<FaIdCard />}>
    <Row className="g-3">
      <Field
        name="codigoInterno"
        label="Código interno"
        placeholder="Automático"
        className="text-uppercase"
        maxLength={20}
      />
      <SelectField name="tipo" label="Tipo" options={TIPO_OPTIONS} required />
      <Field name="marca" label="Marca" maxLength={60} required />
      <Field name="modelo" label="Modelo" maxLength={80} required />
      <Field
        name="numeroSerie"
        label="Nº de serie"
        className="text-uppercase"
        maxLength={40}
        required
      />
      <Field name="anio" label="Año" inputMode="numeric" maxLength={4} required />
    </Row>
  </SectionCard>
);

const CirculacionCard = () => {
  const { register } = useFormContext<MaquinaFormValues>();
  const visibleError = useVisibleError<MaquinaFormValues>();
  const itvError = visibleError('requiereItv');
  return (
    <SectionCard title="Circulación" icon={<FaRoad />}>
      <Row className="g-3">
        <Field name="matricula" label="Matrícula" className="text-uppercase" maxLength={12} />
        <Field name="fechaMatriculacion" label="Fecha de matriculación" type="date" />
        <Col xs={12}>
          <Form.Check type="switch" id="maquina-requiereItv">
            <Form.Check.Input
              type="checkbox"
              {...invalidProps('maquina-requiereItv', itvError)}
              {...register('requiereItv')}
            />
            <Form.Check.Label>Requiere ITV</Form.Check.Label>
            <Form.Control.Feedback type="invalid" id={errorIdOf('maquina-requiereItv')}>
              {itvError}
            </Form.Control.Feedback>
          </Form.Check>
        </Col>
      </Row>
    </SectionCard>
  );
};

const CaracteristicasList = () => {
  const { control, register } = useFormContext<MaquinaFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'caracteristicas' });
  const visibleError = useVisibleError<MaquinaFormValues>();
  return (
    <Col xs={12}>
      <fieldset>
        <legend className="fs-6 mb-2">Características</legend>
        {fields.map((field, index) => {
          const nombreError = visibleError(`caracteristicas.${index}.nombre`);
          const valorError = visibleError(`caracteristicas.${index}.valor`);
          return (
            <Row key={field.id} className="g-2 mb-2 align-items-start">
              <Col xs={12} sm={5}>
                <Form.Control
                  aria-label={`Característica ${index + 1}: nombre`}
                  placeholder="Altura de trabajo"
                  maxLength={40}
                  id={`maquina-caracteristicas-${index}-nombre`}
                  {...invalidProps(`maquina-caracteristicas-${index}-nombre`, nombreError)}
                  {...register(`caracteristicas.${index}.nombre`)}
                />
                <Form.Control.Feedback
                  type="invalid"
                  id={errorIdOf(`maquina-caracteristicas-${index}-nombre`)}
                >
                  {nombreError}
                </Form.Control.Feedback>
              </Col>
              <Col xs={9} sm={5}>
                <Form.Control
                  aria-label={`Característica ${index + 1}: valor`}
                  placeholder="7,8 m"
                  maxLength={80}
                  id={`maquina-caracteristicas-${index}-valor`}
                  {...invalidProps(`maquina-caracteristicas-${index}-valor`, valorError)}
                  {...register(`caracteristicas.${index}.valor`)}
                />
                <Form.Control.Feedback
                  type="invalid"
                  id={errorIdOf(`maquina-caracteristicas-${index}-valor`)}
                >
                  {valorError}
                </Form.Control.Feedback>
              </Col>
              <Col xs={3} sm={2} className="text-end">
                <Button
                  variant="outline-danger"
                  aria-label={`Eliminar característica ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <FaTrashAlt />
                </Button>
              </Col>
            </Row>
          );
        })}
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={fields.length >= 20}
          onClick={() => append({ ...BLANK_CARACTERISTICA })}
        >
          <FaPlus aria-hidden="true" className="me-1" />
          Añadir característica
        </Button>
      </fieldset>
    </Col>
  );
};

const DatosTecnicosCard = () => (
  <SectionCard title="Datos técnicos" icon={<FaCogs />}>
    <Row className="g-3">
      <Field name="pesoKg" label="Peso (kg)" inputMode="decimal" required />
      <SelectField name="combustible" label="Combustible" options={COMBUSTIBLE_OPTIONS} />
      <Field name="dimensiones.largoMm" label="Largo (mm)" inputMode="numeric" col={{ xs: 4 }} />
      <Field name="dimensiones.anchoMm" label="Ancho (mm)" inputMode="numeric" col={{ xs: 4 }} />
      <Field name="dimensiones.altoMm" label="Alto (mm)" inputMode="numeric" col={{ xs: 4 }} />
      <CaracteristicasList />
    </Row>
  </SectionCard>
);

const CompraCard = ({ proveedor }: { proveedor: { _id: string; nombre: string } | null }) => (
  <SectionCard title="Compra" icon={<FaShoppingCart />}>
    <Row className="g-3">
      <Field name="fechaAdquisicion" label="Fecha de adquisición" type="date" />
      <Field name="precioAdquisicion" label="Precio de adquisición" inputMode="decimal" />
      <ProveedorPicker actual={proveedor} />
    </Row>
  </SectionCard>
);

const TarifasCard = () => {
  const { control } = useFormContext<MaquinaFormValues>();
  const tarifas = useWatch({ control, name: 'tarifas' });
  const preview = previewTarifa(tarifas);
  return (
    <SectionCard title="Tarifas (IVA no incluido)" icon={<FaEuroSign />}>
      <Row className="g-3">
        <Field name="tarifas.dia" label="Tarifa diaria" inputMode="decimal" required />
        <Field name="tarifas.semana" label="Tarifa semanal" inputMode="decimal" />
        <Field name="tarifas.mes" label="Tarifa mensual" inputMode="decimal" />
        <Field
          name="tarifas.horasIncluidasDia"
          label="Horas incluidas por día"
          inputMode="numeric"
        />
        <Field name="tarifas.horaExtra" label="Precio hora extra" inputMode="decimal" />
        <Field name="tarifas.fianza" label="Fianza" inputMode="decimal" />
        <Field name="diasPreparacion" label="Días de preparación" inputMode="numeric" />
        {preview && (
          <Col xs={12}>
            <p className="mb-0 fw-semibold" aria-live="polite">
              {preview}
            </p>
          </Col>
        )}
      </Row>
    </SectionCard>
  );
};

const HorometroCard = ({ mode, horometro }: { mode: MaquinaFormMode; horometro?: string }) => (
  <SectionCard title="Horómetro" icon={<FaTachometerAlt />}>
    {mode === 'create' ? (
      <Row className="g-3">
        <Field
          name="horometroInicial"
          label="Horómetro inicial (h)"
          inputMode="decimal"
          col={{ xs: 12 }}
        />
      </Row>
    ) : (
      <>
        <p className="fs-5 mb-1">{horometro ? formatHoras(horometro) : '—'}</p>
        <p className="text-body-secondary small mb-0">Se cambia con «Registrar horómetro»</p>
      </>
    )}
  </SectionCard>
);

const PlanRevisionesCard = () => {
  const { control } = useFormContext<MaquinaFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'planRevisiones' });
  return (
    <SectionCard
      title="Plan de revisiones"
      icon={<FaCalendarCheck />}
      actions={
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={fields.length >= 10}
          onClick={() => append({ ...BLANK_REVISION })}
        >
          <FaPlus aria-hidden="true" className="me-1" />
          Añadir revisión
        </Button>
      }
    >
      {fields.length === 0 && (
        <p className="text-body-secondary mb-0">Sin revisiones programadas.</p>
      )}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-2 mb-2">
          <legend className="fs-6 float-none w-auto px-1 mb-0">Revisión {index + 1}</legend>
          <Row className="g-2">
            <Field name={`planRevisiones.${index}.nombre`} label="Nombre" col={{ xs: 12 }} />
            <Field
              name={`planRevisiones.${index}.cadaHoras`}
              label="Cada (h)"
              inputMode="numeric"
              col={{ xs: 6 }}
            />
            <Field
              name={`planRevisiones.${index}.cadaMeses`}
              label="Cada (meses)"
              inputMode="numeric"
              col={{ xs: 6 }}
            />
            <Field
              name={`planRevisiones.${index}.avisoDias`}
              label="Avisar (días)"
              inputMode="numeric"
              col={{ xs: 6 }}
            />
            <Field
              name={`planRevisiones.${index}.avisoHoras`}
              label="Avisar (h)"
              inputMode="numeric"
              col={{ xs: 6 }}
            />
            <Field
              name={`planRevisiones.${index}.ultimaFecha`}
              label="Última fecha"
              type="date"
              col={{ xs: 6 }}
            />
            <Field
              name={`planRevisiones.${index}.ultimasHoras`}
              label="Últimas horas"
              inputMode="decimal"
              col={{ xs: 6 }}
            />
            <Col xs={12} className="text-end">
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Eliminar revisión ${index + 1}`}
                onClick={() => remove(index)}
              >
                <FaTrashAlt aria-hidden="true" className="me-1" />
                Eliminar
              </Button>
            </Col>
          </Row>
        </fieldset>
      ))}
    </SectionCard>
  );
};

const ObservacionesCard = () => {
  const { control, register } = useFormContext<MaquinaFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'observaciones' });
  return (
    <SectionCard
      title="Observaciones"
      icon={<FaStickyNote />}
      actions={
        <Button size="sm" variant="outline-secondary" onClick={() => append({ texto: '' })}>
          <FaPlus aria-hidden="true" className="me-1" />
          Añadir observación
        </Button>
      }
    >
      {fields.map((field, index) => (
        <div key={field.id} className="d-flex gap-2 align-items-start mb-2">
          <Form.Group className="flex-grow-1" controlId={`maquina-observaciones-${index}`}>
            <Form.Label visuallyHidden>Observación {index + 1}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={2000}
              {...register(`observaciones.${index}.texto`)}
            />
          </Form.Group>
          {fields.length > 1 && (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Eliminar observación ${index + 1}`}
              onClick={() => remove(index)}
            >
              <FaTrashAlt />
            </Button>
          )}
        </div>
      ))}
    </SectionCard>
  );
};

/** Every card of the machine form (§5.2), in its two columns. */
export const MaquinaInputs = ({
  mode,
  maquinaId,
  horometro,
  proveedor,
}: {
  mode: MaquinaFormMode;
  maquinaId?: string;
  horometro?: string;
  proveedor: { _id: string; nombre: string } | null;
}) => (
  <Row className="g-3">
    <Col lg={7} className="d-flex flex-column gap-3">
      <IdentificacionCard />
      <CirculacionCard />
      <DatosTecnicosCard />
      <CompraCard proveedor={proveedor} />
    </Col>
    <Col lg={5} className="d-flex flex-column gap-3">
      <TarifasCard />
      <HorometroCard mode={mode} {...(horometro ? { horometro } : {})} />
      <PlanRevisionesCard />
      <ObservacionesCard />
      <FotoCard maquinaId={maquinaId} />
    </Col>
  </Row>
);
