import { useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import {
  DENSIDAD_LABELS,
  DENSIDADES,
  LIST_PAGE_SIZES,
  LIST_VIEWS,
  PREFERENCIAS_MESSAGES as M,
  SIN_PREFERENCIA_LABELS,
  SYSTEM_OPTIONS,
  VISTA_LISTAS_LABELS,
  isSystemId,
  type Densidad,
  type ListView,
  type Preferencias,
  type PreferenciasInput,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { useBannerFocus } from '../../../components/resource/use-banner-focus.js';
import { RESOURCE_TEXTS } from '../../../components/resource/resource-texts.js';
import { usePreferenciasQuery, useSavePreferencias } from '../api/preferencias.js';

/** The form's values: a select's text, '' for "no preference". */
type Values = {
  sistemaPorDefecto: string;
  vistaListas: string;
  tamanoPagina: string;
  densidad: string;
};

const FIELDS = ['sistemaPorDefecto', 'vistaListas', 'tamanoPagina', 'densidad'] as const;

export const PREFERENCIAS_TEXTS = {
  intro:
    'Se guardan en tu usuario: se aplican en cualquier equipo en el que inicies sesión y nadie más las ve.',
  sistema: 'Sistema por defecto',
  sistemaAyuda: 'Aparece marcado y con el foco en la selección de sistema al iniciar sesión.',
  vista: 'Vista de las listas',
  vistaAyuda:
    'Se aplica cuando el enlace de la lista no indica otra. En pantallas estrechas las listas se muestran siempre como tarjetas.',
  tamano: 'Tamaño de página',
  tamanoAyuda: 'Filas por página de las listas, salvo que el enlace indique otro tamaño.',
  densidad: 'Densidad',
  densidadAyuda:
    'Compacta reduce los márgenes y la altura de las filas de las tablas; en el móvil los botones mantienen su tamaño táctil.',
  cargando: 'Cargando preferencias…',
  guardar: 'Guardar',
  guardando: 'Guardando…',
} as const;

const T = PREFERENCIAS_TEXTS;

const valuesOf = (preferencias: Preferencias): Values => ({
  sistemaPorDefecto: preferencias.sistemaPorDefecto ?? '',
  vistaListas: preferencias.vistaListas ?? '',
  tamanoPagina: preferencias.tamanoPagina === null ? '' : String(preferencias.tamanoPagina),
  densidad: preferencias.densidad,
});

/** The values as PUT sends them; the API validates them again (a select can be tampered with). */
const payloadOf = (values: Values): PreferenciasInput => ({
  sistemaPorDefecto: isSystemId(values.sistemaPorDefecto) ? values.sistemaPorDefecto : null,
  vistaListas: values.vistaListas === '' ? null : (values.vistaListas as ListView),
  tamanoPagina:
    values.tamanoPagina === ''
      ? null
      : (Number(values.tamanoPagina) as PreferenciasInput['tamanoPagina']),
  densidad: values.densidad as Densidad,
});

type Banner = { variant: 'success' | 'danger'; message: string; details?: string[] };

const PreferenciasFields = ({ preferencias }: { preferencias: Preferencias }) => {
  const { availableSystems } = useAuthContext();
  const save = useSavePreferencias();
  const [banner, setBanner] = useState<Banner | undefined>();
  const bannerRef = useBannerFocus(banner?.variant === 'success' ? banner : undefined);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: valuesOf(preferencias),
  });

  const submit = handleSubmit(async (values) => {
    setBanner(undefined);
    try {
      const saved = await save.mutateAsync(payloadOf(values));
      reset(valuesOf(saved));
      setBanner({ variant: 'success', message: M.guardadas });
    } catch (error) {
      const details =
        isApiError(error) && error.status === 400
          ? applyServerErrors(error.errors, FIELDS, setError)
          : undefined;
      setBanner({
        variant: 'danger',
        message: serverMessageOr(error, M.noGuardadas),
        ...(details && details.length > 0 ? { details } : {}),
      });
    }
  });

  const errorOf = (name: keyof Values) => formState.errors[name]?.message;
  const select = (name: keyof Values, label: string, help: string, options: [string, string][]) => (
    <Form.Group controlId={`preferencias-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        {...register(name)}
        isInvalid={Boolean(errorOf(name))}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={
          errorOf(name)
            ? `preferencias-${name}-error preferencias-${name}-ayuda`
            : `preferencias-${name}-ayuda`
        }
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`preferencias-${name}-error`}>
        {errorOf(name)}
      </Form.Control.Feedback>
      <Form.Text id={`preferencias-${name}-ayuda`}>{help}</Form.Text>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Preferencias">
      {banner && (
        <Alert
          ref={bannerRef}
          tabIndex={-1}
          variant={banner.variant}
          role={banner.variant === 'danger' ? 'alert' : 'status'}
        >
          {banner.message}
          {banner.details && (
            <ul className="mb-0 mt-2">
              {banner.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <fieldset disabled={save.isPending}>
        <Row className="g-3">
          <Col md={6}>
            {select('sistemaPorDefecto', T.sistema, T.sistemaAyuda, [
              ['', SIN_PREFERENCIA_LABELS.sistemaPorDefecto],
              ...SYSTEM_OPTIONS.filter((option) => availableSystems.includes(option.id)).map(
                (option): [string, string] => [option.id, option.name],
              ),
            ])}
          </Col>
          <Col md={6}>
            {select('densidad', T.densidad, T.densidadAyuda, [
              ...DENSIDADES.map((densidad): [string, string] => [
                densidad,
                DENSIDAD_LABELS[densidad],
              ]),
            ])}
          </Col>
          <Col md={6}>
            {select('vistaListas', T.vista, T.vistaAyuda, [
              ['', SIN_PREFERENCIA_LABELS.vistaListas],
              ...LIST_VIEWS.map((view): [string, string] => [view, VISTA_LISTAS_LABELS[view]]),
            ])}
          </Col>
          <Col md={6}>
            {select('tamanoPagina', T.tamano, T.tamanoAyuda, [
              ['', SIN_PREFERENCIA_LABELS.tamanoPagina],
              ...LIST_PAGE_SIZES.map((size): [string, string] => [
                String(size),
                RESOURCE_TEXTS.perPage(size),
              ]),
            ])}
          </Col>
        </Row>
      </fieldset>
      <div className="d-flex justify-content-end mt-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <>
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" /> {T.guardando}
            </>
          ) : (
            T.guardar
          )}
        </Button>
      </div>
    </Form>
  );
};

/** /settings' "Preferencias" card body: loading, error, then the form. */
export const PreferenciasForm = () => {
  const query = usePreferenciasQuery();
  if (query.isPending) return <LoadingStatus message={T.cargando} />;
  if (query.isError) {
    return <Alert variant="danger">{serverMessageOr(query.error, M.noCargadas)}</Alert>;
  }
  return <PreferenciasFields preferencias={query.data} />;
};
