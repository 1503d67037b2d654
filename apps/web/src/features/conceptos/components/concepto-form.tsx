import { useEffect, useMemo, useRef, useState } from 'react';
import { Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { FaEuroSign, FaTag } from 'react-icons/fa';
import { TIPOS_IVA, VERSION_MESSAGES, type TipoIva } from '@tvsistema/domain';
import {
  APLICA_A,
  APLICA_A_LABELS,
  TIPO_CONCEPTO_LABELS,
  TIPOS_CONCEPTO,
  UNIDAD_CONCEPTO_LABELS,
  UNIDADES_CONCEPTO,
  type Concepto,
} from '@tvsistema/domain/inventario';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { useCreateConcepto, useUpdateConcepto } from '../api/conceptos-api.js';
import { conceptoHrefs } from '../concepto-paths.js';
import { CONCEPTO_TEXTS as T } from '../concepto-texts.js';
import { ejemploPrecio } from '../utils/concepto-format.js';
import {
  buildConceptoPayload,
  CONCEPTO_FIELDS,
  conceptoResolver,
  conceptoToFormValues,
  decimalInput,
  EMPTY_CONCEPTO,
  type ConceptoFormMode,
  type ConceptoFormValues,
} from '../utils/concepto-form.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

const Required = () => (
  <span aria-hidden="true" className="text-danger">
    {' '}
    *
  </span>
);

const ConceptoCard = () => {
  const { register } = useFormContext<ConceptoFormValues>();
  const error = useVisibleError<ConceptoFormValues>();
  return (
    <SectionCard title={T.conceptoCard} icon={<FaTag />}>
      <Row className="g-3">
        <Form.Group as={Col} sm={5} controlId="concepto-codigo">
          <Form.Label>
            {T.fields.codigo}
            <Required />
          </Form.Label>
          <Form.Control
            {...register('codigo')}
            className="text-uppercase"
            autoComplete="off"
            placeholder="TRA-IDA"
            aria-required="true"
            {...invalidProps('concepto-codigo', error('codigo'))}
          />
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-codigo')}>
            {error('codigo')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={7} controlId="concepto-nombre">
          <Form.Label>
            {T.fields.nombre}
            <Required />
          </Form.Label>
          <Form.Control
            {...register('nombre')}
            autoComplete="off"
            aria-required="true"
            {...invalidProps('concepto-nombre', error('nombre'))}
          />
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-nombre')}>
            {error('nombre')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="concepto-descripcion">
          <Form.Label>{T.fields.descripcion}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            {...register('descripcion')}
            {...invalidProps(
              'concepto-descripcion',
              error('descripcion'),
              'concepto-descripcion-hint',
            )}
          />
          <Form.Text id="concepto-descripcion-hint" className="text-body-secondary">
            {T.fields.descripcionHint}
          </Form.Text>
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-descripcion')}>
            {error('descripcion')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId="concepto-tipo">
          <Form.Label>
            {T.fields.tipo}
            <Required />
          </Form.Label>
          <Form.Select
            {...register('tipo')}
            aria-required="true"
            {...invalidProps('concepto-tipo', error('tipo'))}
          >
            <option value="">{T.chooseTipo}</option>
            {TIPOS_CONCEPTO.map((tipo) => (
              <option key={tipo} value={tipo}>
                {TIPO_CONCEPTO_LABELS[tipo]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-tipo')}>
            {error('tipo')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId="concepto-aplica-a">
          <Form.Label>{T.fields.aplicaA}</Form.Label>
          <Form.Select
            {...register('aplicaA')}
            {...invalidProps('concepto-aplica-a', error('aplicaA'))}
          >
            {APLICA_A.map((value) => (
              <option key={value} value={value}>
                {APLICA_A_LABELS[value]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-aplica-a')}>
            {error('aplicaA')}
          </Form.Control.Feedback>
        </Form.Group>
      </Row>
    </SectionCard>
  );
};

const PrecioCard = () => {
  const { register, control } = useFormContext<ConceptoFormValues>();
  const error = useVisibleError<ConceptoFormValues>();
  const [tipo, unidad, precio, tipoIva, motivoIva0] = useWatch({
    control,
    name: ['tipo', 'unidad', 'precio', 'tipoIva', 'motivoIva0'],
  });
  const fianza = tipo === 'fianza';
  const ejemplo = ejemploPrecio({
    unidad,
    precio: decimalInput(precio),
    tipoIva: Number(tipoIva) as TipoIva,
    motivoIva0,
  });
  return (
    <SectionCard title={T.precioCard} icon={<FaEuroSign />}>
      <Row className="g-3">
        <Form.Group as={Col} sm={6} controlId="concepto-unidad">
          <Form.Label>
            {T.fields.unidad}
            <Required />
          </Form.Label>
          <Form.Select
            {...register('unidad')}
            aria-required="true"
            {...invalidProps('concepto-unidad', error('unidad'))}
          >
            <option value="">{T.chooseUnidad}</option>
            {UNIDADES_CONCEPTO.map((value) => (
              <option key={value} value={value}>
                {UNIDAD_CONCEPTO_LABELS[value]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-unidad')}>
            {error('unidad')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId="concepto-precio">
          <Form.Label>
            {T.fields.precio}
            <Required />
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              {...register('precio')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              aria-required="true"
              {...invalidProps('concepto-precio', error('precio'))}
            />
            <InputGroup.Text>{unidad === 'porcentaje' ? '%' : '€'}</InputGroup.Text>
            <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-precio')}>
              {error('precio')}
            </Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId="concepto-iva">
          <Form.Label>{T.fields.tipoIva}</Form.Label>
          <Form.Select
            {...register('tipoIva')}
            disabled={fianza}
            {...invalidProps(
              'concepto-iva',
              error('tipoIva'),
              fianza ? 'concepto-iva-fianza' : undefined,
            )}
          >
            {TIPOS_IVA.map((value) => (
              <option key={value} value={String(value)}>
                {`${value} %`}
              </option>
            ))}
          </Form.Select>
          {fianza && (
            <Form.Text id="concepto-iva-fianza" className="text-body-secondary">
              {T.fianzaLocked}
            </Form.Text>
          )}
          <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-iva')}>
            {error('tipoIva')}
          </Form.Control.Feedback>
        </Form.Group>
        {tipoIva === '0' && (
          <Form.Group as={Col} sm={6} controlId="concepto-motivo-iva">
            <Form.Label>
              {T.fields.motivoIva0}
              <Required />
            </Form.Label>
            <Form.Select
              {...register('motivoIva0')}
              disabled={fianza}
              aria-required="true"
              {...invalidProps('concepto-motivo-iva', error('motivoIva0'))}
            >
              <option value="">{T.chooseMotivo}</option>
              <option value="no_sujeta">No sujeta</option>
              <option value="exenta">Exenta</option>
            </Form.Select>
            <Form.Control.Feedback type="invalid" id={errorIdOf('concepto-motivo-iva')}>
              {error('motivoIva0')}
            </Form.Control.Feedback>
          </Form.Group>
        )}
        <Col xs={12}>
          <Form.Check
            type="switch"
            id="concepto-activo"
            label={T.fields.activo}
            {...register('activo')}
          />
        </Col>
        {ejemplo && (
          <Col xs={12}>
            <p className="mb-0 small concepto-ejemplo" aria-live="polite">
              {ejemplo}
            </p>
          </Col>
        )}
      </Row>
    </SectionCard>
  );
};

export type ConceptoFormProps = {
  mode: ConceptoFormMode;
  /** Edit: the stored template. */
  record?: Concepto | undefined;
  /** Create from "Duplicar": the template copied, code left empty. */
  source?: Concepto | undefined;
  onReload?: () => Promise<Concepto | undefined>;
};

/** "Nueva plantilla de concepto" / "Editar plantilla {codigo}" (inventario.md §5.7). */
export const ConceptoForm = ({ mode, record, source, onReload }: ConceptoFormProps) => {
  const defaultValues = useMemo(() => {
    if (record) return conceptoToFormValues(record);
    if (source) return conceptoToFormValues(source, { duplicar: true });
    return EMPTY_CONCEPTO;
  }, [record, source]);
  const resolver = useMemo(() => conceptoResolver(mode), [mode]);
  const form = useForm<ConceptoFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const { control, setValue, setError } = form;
  const [savedId, setSavedId] = useState<string | undefined>();
  const backHref = record ? conceptoHrefs.detail(record._id) : conceptoHrefs.list();
  const status = useSaveStatus({
    // The saved template's own page (§5): known only once the server answers.
    listHref: savedId ? conceptoHrefs.detail(savedId) : backHref,
    flash: mode === 'create' ? T.created : T.updated,
  });
  const create = useCreateConcepto();
  const update = useUpdateConcepto(record?._id ?? '');
  const saving = create.isPending || update.isPending;

  // R13: a deposit is 0 % no sujeta; the selects show it and stay locked. Leaving fianza gives
  // back the IVA chosen before it (21 % when the template was a fianza from the start), so a
  // transport never keeps a deposit's 0 % unnoticed.
  const tipo = useWatch({ control, name: 'tipo' });
  const ivaAntesDeFianza = useRef<Pick<ConceptoFormValues, 'tipoIva' | 'motivoIva0'> | null>(null);
  const eraFianza = useRef(defaultValues.tipo === 'fianza');
  useEffect(() => {
    const validate = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (tipo === 'fianza') {
      if (!eraFianza.current) {
        ivaAntesDeFianza.current = {
          tipoIva: form.getValues('tipoIva'),
          motivoIva0: form.getValues('motivoIva0'),
        };
      }
      eraFianza.current = true;
      setValue('tipoIva', '0', validate);
      setValue('motivoIva0', 'no_sujeta', validate);
      return;
    }
    if (!eraFianza.current) return;
    eraFianza.current = false;
    const antes = ivaAntesDeFianza.current ?? { tipoIva: '21', motivoIva0: '' };
    setValue('tipoIva', antes.tipoIva, validate);
    setValue('motivoIva0', antes.motivoIva0, validate);
  }, [tipo, setValue, form]);

  const reload = async () => {
    status.clear();
    const fresh = await onReload?.();
    if (fresh) form.reset(conceptoToFormValues(fresh));
  };

  const onSubmit = async (values: ConceptoFormValues) => {
    status.clear();
    const payload = buildConceptoPayload(values);
    try {
      const saved =
        mode === 'create'
          ? await create.mutateAsync(payload)
          : await update.mutateAsync({ ...payload, version: record?.version ?? 0 });
      setSavedId(saved._id);
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void reload() });
        return;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        const unmapped = applyServerErrors(error.errors, CONCEPTO_FIELDS, setError);
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
        <Col lg={7}>
          <ConceptoCard />
        </Col>
        <Col lg={5}>
          <PrecioCard />
        </Col>
      </Row>
    </ResourceFormFrame>
  );
};
