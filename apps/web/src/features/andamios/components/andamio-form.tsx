import { useMemo, useState, type ReactNode } from 'react';
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useFieldArray, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import {
  FaBoxes,
  FaEuroSign,
  FaIdCard,
  FaPlus,
  FaRegStickyNote,
  FaTrash,
  FaTruck,
} from 'react-icons/fa';
import { formatNumero, VERSION_MESSAGES } from '@tvsistema/domain';
import {
  CATEGORIA_COMPONENTE_LABELS,
  CATEGORIAS_COMPONENTE,
  type Componente,
} from '@tvsistema/domain/inventario';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { useCreateAndamio, useUpdateAndamio } from '../api/andamios-api.js';
import { andamioHrefs } from '../andamio-paths.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import {
  ANDAMIO_FIELDS,
  andamioResolver,
  andamioToFormValues,
  buildAndamioPayload,
  EMPTY_ANDAMIO,
  type AndamioFormMode,
  type AndamioFormValues,
} from '../utils/andamio-form.js';

const Required = () => (
  <span aria-hidden="true" className="text-danger">
    {' '}
    *
  </span>
);

/** One labelled input with its error; `suffix` after it (€, kg, uds.). */
const Field = ({
  name,
  label,
  required = false,
  suffix,
  col = { sm: 6 },
  inputMode,
  placeholder,
  className,
}: {
  name: FieldPath<AndamioFormValues>;
  label: string;
  required?: boolean;
  suffix?: ReactNode;
  col?: { xs?: number; sm?: number; md?: number };
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  className?: string;
}) => {
  const { register } = useFormContext<AndamioFormValues>();
  const error = useVisibleError<AndamioFormValues>()(name);
  const id = `andamio-${name.replace(/\./g, '-')}`;
  const control = (
    <Form.Control
      {...register(name)}
      id={id}
      autoComplete="off"
      inputMode={inputMode}
      placeholder={placeholder}
      className={className}
      aria-required={required || undefined}
      {...invalidProps(id, error)}
    />
  );
  return (
    <Form.Group as={Col} xs={12} {...col}>
      <Form.Label htmlFor={id}>
        {label}
        {required && <Required />}
      </Form.Label>
      {suffix ? (
        <InputGroup hasValidation>
          {control}
          <InputGroup.Text>{suffix}</InputGroup.Text>
          <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
            {error}
          </Form.Control.Feedback>
        </InputGroup>
      ) : (
        <>
          {control}
          <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
            {error}
          </Form.Control.Feedback>
        </>
      )}
    </Form.Group>
  );
};

const IdentificacionCard = () => {
  const { register } = useFormContext<AndamioFormValues>();
  const error = useVisibleError<AndamioFormValues>()('categoria');
  return (
    <SectionCard title={T.cards.identificacion} icon={<FaIdCard />}>
      <Row className="g-3">
        <Field
          name="codigo"
          label={T.fields.codigo}
          required
          col={{ sm: 5 }}
          placeholder="MAR-200-073"
          className="text-uppercase"
        />
        <Field name="nombre" label={T.fields.nombre} required col={{ sm: 7 }} />
        <Form.Group as={Col} xs={12} sm={6} controlId="andamio-categoria">
          <Form.Label>
            {T.fields.categoria}
            <Required />
          </Form.Label>
          <Form.Select
            {...register('categoria')}
            aria-required="true"
            {...invalidProps('andamio-categoria', error)}
          >
            <option value="">{T.chooseCategoria}</option>
            {CATEGORIAS_COMPONENTE.map((value) => (
              <option key={value} value={value}>
                {CATEGORIA_COMPONENTE_LABELS[value]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id={errorIdOf('andamio-categoria')}>
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <Field name="sistema" label={T.fields.sistema} placeholder="Europeo 70" />
        <Field name="fabricante" label={T.fields.fabricante} />
        <Field name="referenciaFabricante" label={T.fields.referenciaFabricante} />
        <Field name="norma" label={T.fields.norma} placeholder="UNE-EN 12810-1" />
        <Field name="dimensiones" label={T.fields.dimensiones} placeholder="2,00 × 0,73 m" />
      </Row>
    </SectionCard>
  );
};

const PreciosCard = () => (
  <SectionCard title={T.cards.precios} icon={<FaEuroSign />}>
    <Row className="g-3">
      <Field
        name="precios.dia"
        label={T.fields.precioDia}
        required
        suffix="€"
        inputMode="decimal"
      />
      <Field name="precios.semana" label={T.fields.precioSemana} suffix="€" inputMode="decimal" />
      <Field name="precios.mes" label={T.fields.precioMes} suffix="€" inputMode="decimal" />
      <Field
        name="precios.reposicion"
        label={T.fields.precioReposicion}
        suffix="€"
        inputMode="decimal"
      />
      <Field name="precios.venta" label={T.fields.precioVenta} suffix="€" inputMode="decimal" />
    </Row>
  </SectionCard>
);

const StockCard = ({ mode, record }: { mode: AndamioFormMode; record: Componente | undefined }) => {
  const { register } = useFormContext<AndamioFormValues>();
  return (
    <SectionCard title={T.cards.stock} icon={<FaBoxes />}>
      <Row className="g-3">
        {mode === 'create' ? (
          <Field name="stockInicial" label={T.fields.stockInicial} inputMode="numeric" />
        ) : (
          record && (
            <Col xs={12}>
              <p className="mb-0 small text-body-secondary">
                {`${CATEGORIA_COMPONENTE_LABELS[record.categoria]} · Disponible ${formatNumero(record.stock.disponible)} · ${T.stockHint}`}
              </p>
            </Col>
          )
        )}
        <Field name="stockMinimo" label={T.fields.stockMinimo} inputMode="numeric" suffix="uds." />
        <Col xs={12}>
          <Form.Check
            type="switch"
            id="andamio-activo"
            label={T.fields.activo}
            {...register('activo')}
          />
        </Col>
      </Row>
    </SectionCard>
  );
};

const ObservacionesCard = () => {
  const { control, register } = useFormContext<AndamioFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'observaciones' });
  return (
    <SectionCard
      title={T.cards.observaciones}
      icon={<FaRegStickyNote />}
      actions={
        <Button size="sm" variant="outline-secondary" onClick={() => append({ texto: '' })}>
          <FaPlus aria-hidden="true" className="me-1" />
          {T.addObservacion}
        </Button>
      }
    >
      {fields.map((field, index) => (
        <div key={field.id} className="d-flex gap-2 mb-2">
          <Form.Control
            as="textarea"
            rows={2}
            aria-label={`${T.fields.observacion} ${index + 1}`}
            {...register(`observaciones.${index}.texto`)}
          />
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={T.removeObservacion(index + 1)}
            onClick={() => remove(index)}
            disabled={fields.length === 1}
          >
            <FaTrash aria-hidden="true" />
          </Button>
        </div>
      ))}
    </SectionCard>
  );
};

export type AndamioFormProps = {
  mode: AndamioFormMode;
  record?: Componente | undefined;
  onReload?: () => Promise<Componente | undefined>;
};

/** "Nuevo componente" / "Editar componente {codigo}" (inventario.md §5.5). */
export const AndamioForm = ({ mode, record, onReload }: AndamioFormProps) => {
  const defaultValues = useMemo(
    () => (record ? andamioToFormValues(record) : EMPTY_ANDAMIO),
    [record],
  );
  const resolver = useMemo(() => andamioResolver(mode), [mode]);
  const form = useForm<AndamioFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const [savedId, setSavedId] = useState<string | undefined>();
  const backHref = record ? andamioHrefs.detail(record._id) : andamioHrefs.list();
  const status = useSaveStatus({
    listHref: savedId ? andamioHrefs.detail(savedId) : backHref,
    flash: mode === 'create' ? T.created : T.updated,
  });
  const create = useCreateAndamio();
  const update = useUpdateAndamio(record?._id ?? '');
  const saving = create.isPending || update.isPending;

  const reload = async () => {
    status.clear();
    const fresh = await onReload?.();
    if (fresh) form.reset(andamioToFormValues(fresh));
  };

  const onSubmit = async (values: AndamioFormValues) => {
    status.clear();
    const payload = buildAndamioPayload(values, mode);
    try {
      const saved =
        mode === 'create'
          ? await create.mutateAsync({ ...payload, stockInicial: payload.stockInicial ?? 0 })
          : await update.mutateAsync({ ...payload, version: record?.version ?? 0 });
      setSavedId(saved._id);
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void reload() });
        return;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        const unmapped = applyServerErrors(error.errors, ANDAMIO_FIELDS, form.setError);
        status.fail(
          serverMessageOr(error, error.status === 400 ? T.invalidData : T.createFailed),
          unmapped,
        );
        return;
      }
      status.fail(serverMessageOr(error, mode === 'create' ? T.createFailed : T.updateFailed));
    }
  };

  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title={mode === 'create' ? T.newTitle : T.editTitle(record?.codigo ?? '')}
      subtitle={record?.nombre}
      listHref={backHref}
      readOnly={false}
      saving={saving}
      submitLabel={mode === 'create' ? T.createButton : T.saveButton}
      onSubmit={onSubmit}
    >
      <Row className="g-3">
        <Col lg={7} className="d-flex flex-column gap-3">
          <IdentificacionCard />
          <SectionCard title={T.cards.transporte} icon={<FaTruck />}>
            <Row className="g-3">
              <Field
                name="pesoKg"
                label={T.fields.pesoKg}
                required
                suffix="kg"
                inputMode="decimal"
              />
            </Row>
          </SectionCard>
          <ObservacionesCard />
        </Col>
        <Col lg={5} className="d-flex flex-column gap-3">
          <PreciosCard />
          <StockCard mode={mode} record={record} />
        </Col>
      </Row>
    </ResourceFormFrame>
  );
};
