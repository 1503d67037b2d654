import { Button, Col, Form, Row, type ColProps } from 'react-bootstrap';
import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import {
  AUTORIZACION_LABELS,
  cadenaItv,
  can,
  diaEnMadrid,
  sugerirVisado,
  CARROCERIA_LABELS,
  categoriaVehiculo,
  claseRequerida,
  COBERTURA_LABELS,
  permisoCubre,
  proximaDescargaTacografo,
  proximaRevisionTacografo,
  TACOGRAFO_LABELS,
  TIPO_CAMION_LABELS,
  type Conductor,
  type TipoCamion,
  type TipoTacografo,
} from '@tvsistema/domain';
import { OpcionTypeahead } from '../../../components/forms/opcion-typeahead.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { formatFecha, formatNumero } from '@tvsistema/domain';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useNifTransporte } from '../api/camiones.js';
import { useConductores } from '../api/conductores.js';
import type { CamionFormMode, CamionFormValues } from '../utils/camion-form-values.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// The vehicle form's fields (§5.2): left column identity, masses, authorisation and ITV; right
// column insurance, tachograph, driver, initial km and notes. Trailers hide the motor parts.

type Name = FieldPath<CamionFormValues>;
type ColSize = Pick<ColProps, 'xs' | 'sm' | 'md'>;

const Field = ({
  name,
  label,
  type = 'text',
  col = { xs: 12, sm: 6 },
  inputMode,
}: {
  name: Name;
  label: string;
  type?: 'text' | 'date';
  col?: ColSize;
  inputMode?: 'numeric';
}) => {
  const { register } = useFormContext<CamionFormValues>();
  const error = useVisibleError<CamionFormValues>()(name);
  return (
    <Col {...col}>
      <Form.Group controlId={`camion-${name.replace(/\./g, '-')}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type={type}
          {...(inputMode ? { inputMode } : {})}
          {...invalidProps(`camion-${name.replace(/\./g, '-')}`, error)}
          {...register(name)}
        />
        <Form.Control.Feedback type="invalid" id={errorIdOf(`camion-${name.replace(/\./g, '-')}`)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};

const Select = ({
  name,
  label,
  options,
  col = { xs: 12, sm: 6 },
  empty = 'Elige…',
}: {
  name: Name;
  label: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  col?: ColSize;
  empty?: string;
}) => {
  const { register } = useFormContext<CamionFormValues>();
  const error = useVisibleError<CamionFormValues>()(name);
  return (
    <Col {...col}>
      <Form.Group controlId={`camion-${name.replace(/\./g, '-')}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Select
          {...invalidProps(`camion-${name.replace(/\./g, '-')}`, error)}
          {...register(name)}
        >
          <option value="">{empty}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={errorIdOf(`camion-${name.replace(/\./g, '-')}`)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};

const opciones = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const esRemolque = (tipo: string) => tipo === 'semirremolque' || tipo === 'remolque';

/** "Carga útil" and "Categoría", read-only, from what is typed. */
const Masas = () => {
  const [tipo, mma, tara] = useWatch<CamionFormValues, ['tipo', 'mmaKg', 'taraKg']>({
    name: ['tipo', 'mmaKg', 'taraKg'],
  });
  const mmaKg = Number(mma);
  const taraKg = Number(tara);
  const valido = tipo && mmaKg > 0;
  return (
    <Row className="g-3">
      <Field name="mmaKg" label="MMA (kg)" inputMode="numeric" />
      <Field name="taraKg" label="Tara (kg)" inputMode="numeric" />
      <Col xs={6}>
        <Form.Label htmlFor="camion-carga-util">Carga útil (kg)</Form.Label>
        <Form.Control
          id="camion-carga-util"
          readOnly
          plaintext
          value={mmaKg > 0 && taraKg > 0 ? formatNumero(mmaKg - taraKg) : '—'}
        />
      </Col>
      <Col xs={6}>
        <Form.Label htmlFor="camion-categoria">Categoría</Form.Label>
        <Form.Control
          id="camion-categoria"
          readOnly
          plaintext
          value={valido ? categoriaVehiculo(tipo as TipoCamion, mmaKg) : '—'}
        />
      </Col>
    </Row>
  );
};

/** §5.2 Tacógrafo: the next revision (2 years) and download (90 days) computed as it is filled. */
const TacografoProximas = () => {
  const [tipo, mma, tacografo, fechaAlta] = useWatch<
    CamionFormValues,
    ['tipo', 'mmaKg', 'tacografo', 'fechaAlta']
  >({ name: ['tipo', 'mmaKg', 'tacografo', 'fechaAlta'] });
  if (!tipo || !tacografo?.tipo) return null;
  const datos = {
    tipo: tipo as TipoCamion,
    mmaKg: Number(mma) || 0,
    fechaAlta: fechaAlta || diaEnMadrid(),
    tacografo: {
      tipo: tacografo.tipo as TipoTacografo,
      ultimaRevision: tacografo.ultimaRevision || null,
      ultimaDescarga: tacografo.ultimaDescarga || null,
    },
  };
  const revision = proximaRevisionTacografo(datos);
  const descarga = proximaDescargaTacografo(datos);
  return (
    <Col xs={12}>
      <p className="mb-0 small" aria-live="polite">
        {[
          revision ? `Próxima revisión: ${formatFecha(revision)}` : '',
          descarga ? `Próxima descarga: ${formatFecha(descarga)}` : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </Col>
  );
};

/** "Próxima ITV según la tarjeta" with the computed date beside it (§5.2). */
const Itv = ({ inspecciones }: { inspecciones: number }) => {
  const [tipo, mma, fpm, inicial] = useWatch<
    CamionFormValues,
    ['tipo', 'mmaKg', 'fechaPrimeraMatriculacion', 'itvProximaInicial']
  >({ name: ['tipo', 'mmaKg', 'fechaPrimeraMatriculacion', 'itvProximaInicial'] });
  if (inspecciones > 0)
    return (
      <p className="mb-0 text-body-secondary">
        La próxima ITV sale de las inspecciones registradas.
      </p>
    );
  const calculada =
    tipo && Number(mma) > 0 && /^\d{4}-\d{2}-\d{2}$/.test(fpm)
      ? cadenaItv({
          tipo: tipo as TipoCamion,
          mmaKg: Number(mma),
          fechaPrimeraMatriculacion: fpm,
          itvProximaInicial: inicial || null,
          inspecciones: [],
        }).itvHasta
      : undefined;
  return (
    <Row className="g-3 align-items-end">
      <Field name="itvProximaInicial" label="Próxima ITV según la tarjeta" type="date" />
      <Col xs={12} sm={6}>
        <p className="mb-2" aria-live="polite">
          {calculada ? `Próxima ITV: ${formatFecha(calculada)}` : ''}
        </p>
      </Col>
    </Row>
  );
};

/** §4.3 "Sugerir", shown when the transporte emisor has a NIF: the next visado date. */
const SugerirVisado = () => {
  const { roles } = useAuthContext();
  const { setValue } = useFormContext<CamionFormValues>();
  const nif = useNifTransporte(can(roles, 'facturacion.fiscal')).data;
  const sugerida = nif ? sugerirVisado(nif, diaEnMadrid()) : undefined;
  if (!sugerida) return null;
  return (
    <Col xs={12}>
      <Button
        size="sm"
        variant="outline-secondary"
        onClick={() =>
          setValue('autorizacion.visadoHasta', sugerida, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      >
        Sugerir
      </Button>
      <span className="ms-2 small text-body-secondary">
        {`Según el NIF ${nif}: ${formatFecha(sugerida)}`}
      </span>
    </Col>
  );
};

/**
 * §5.2 "Conductor habitual": a typeahead of the active drivers, each with its classes; those the
 * vehicle's class rules out are disabled with the reason (§4.6).
 */
const ConductorTypeahead = () => {
  const { control } = useFormContext<CamionFormValues>();
  const [tipo, mma] = useWatch<CamionFormValues, ['tipo', 'mmaKg']>({ name: ['tipo', 'mmaKg'] });
  const query = useConductores({ page: 1, limit: 100, activo: true });
  const error = useVisibleError<CamionFormValues>()('conductorHabitualId');
  const requerida = tipo ? claseRequerida(tipo as TipoCamion, Number(mma) || 0) : null;
  const options = (query.data?.data ?? []).map((c: Conductor) => {
    const cubre = !requerida || permisoCubre(c.clasesPermiso, requerida);
    return {
      id: c._id,
      label: `${c.nombreCompleto} (${c.clasesPermiso.join(', ')})${
        cubre ? '' : ` — no tiene el permiso ${requerida ?? ''}`
      }`,
      disabled: !cubre,
    };
  });
  return (
    <Col xs={12}>
      <Controller
        control={control}
        name="conductorHabitualId"
        render={({ field }) => (
          <OpcionTypeahead
            inputId="camion-conductorHabitualId"
            label="Conductor habitual"
            options={options}
            value={field.value}
            onChange={field.onChange}
            loading={query.isFetching}
            placeholder="Sin conductor habitual"
            error={error}
          />
        )}
      />
    </Col>
  );
};

export const CamionInputs = ({
  mode,
  inspecciones,
}: {
  mode: CamionFormMode;
  inspecciones: number;
}) => {
  const tipo = useWatch<CamionFormValues, 'tipo'>({ name: 'tipo' });
  const remolque = esRemolque(tipo);
  return (
    <Row className="g-3">
      <Col lg={6} className="d-flex flex-column gap-3">
        <SectionCard title="Identificación">
          <Row className="g-3">
            <Field name="matricula" label="Matrícula" />
            <Field name="bastidor" label="Bastidor (VIN)" />
            <Select name="tipo" label="Tipo" options={opciones(TIPO_CAMION_LABELS)} />
            <Select
              name="carroceria"
              label="Carrocería"
              options={opciones(CARROCERIA_LABELS)}
              empty="Sin indicar"
            />
            <Field name="marca" label="Marca" />
            <Field name="modelo" label="Modelo" />
            <Field
              name="fechaPrimeraMatriculacion"
              label="Fecha de primera matriculación"
              type="date"
            />
            <Field name="fechaAlta" label="Fecha de alta en la flota" type="date" />
          </Row>
        </SectionCard>
        <SectionCard title="Masas">
          <Masas />
        </SectionCard>
        {!remolque && (
          <SectionCard title="Autorización de transporte">
            <Row className="g-3">
              <Select
                name="autorizacion.tipo"
                label="Tipo"
                options={opciones(AUTORIZACION_LABELS)}
                col={{ xs: 12, sm: 4 }}
              />
              <Field
                name="autorizacion.numero"
                label="Nº de autorización"
                col={{ xs: 12, sm: 4 }}
              />
              <Field
                name="autorizacion.visadoHasta"
                label="Visado hasta"
                type="date"
                col={{ xs: 12, sm: 4 }}
              />
              <SugerirVisado />
            </Row>
          </SectionCard>
        )}
        <SectionCard title="ITV">
          <Itv inspecciones={inspecciones} />
        </SectionCard>
      </Col>
      <Col lg={6} className="d-flex flex-column gap-3">
        <SectionCard title="Seguro">
          <Row className="g-3">
            <Field name="seguro.aseguradora" label="Compañía aseguradora" />
            <Field name="seguro.poliza" label="Nº de póliza" />
            <Select
              name="seguro.cobertura"
              label="Cobertura"
              options={opciones(COBERTURA_LABELS)}
            />
            <Field name="seguro.vencimiento" label="Vencimiento" type="date" />
            <Field name="seguro.primaAnual" label="Prima anual (€)" />
          </Row>
        </SectionCard>
        {!remolque && (
          <SectionCard title="Tacógrafo">
            <Row className="g-3">
              <Select name="tacografo.tipo" label="Tipo" options={opciones(TACOGRAFO_LABELS)} />
              <Field name="tacografo.numeroSerie" label="Nº de serie" />
              <Field name="tacografo.ultimaRevision" label="Última revisión" type="date" />
              <Field name="tacografo.ultimaDescarga" label="Última descarga" type="date" />
              <TacografoProximas />
            </Row>
          </SectionCard>
        )}
        {!remolque && (
          <SectionCard title="Asignación">
            <Row className="g-3">
              <ConductorTypeahead />
            </Row>
          </SectionCard>
        )}
        {mode === 'create' && !remolque && (
          <SectionCard title="Kilometraje inicial">
            <Row className="g-3">
              <Field name="kmIniciales" label="Km en la fecha de alta" inputMode="numeric" />
            </Row>
          </SectionCard>
        )}
        <SectionCard title="Observaciones">
          <ObservacionesField />
        </SectionCard>
      </Col>
    </Row>
  );
};

const ObservacionesField = () => {
  const { register } = useFormContext<CamionFormValues>();
  return (
    <Form.Control
      as="textarea"
      rows={3}
      aria-label="Observaciones"
      {...register('observaciones')}
    />
  );
};
