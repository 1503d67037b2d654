import { Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import { FaIdCard } from 'react-icons/fa';
import { documentoWarning, EMPRESA_OPTIONS } from '@tvsistema/domain';
import { PARTE_UI_TEXTS as T } from '../parte-config.js';
import type { ParteFormMode, ParteFormValues } from '../utils/form-rules.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

export type DatosBasicosCardProps = {
  mode: ParteFormMode;
  /** The duplicate-check message, when the current documento is taken. */
  duplicateMessage: string | undefined;
  onDocumentoBlur: () => void;
  onEmpresaChange: () => void;
};

export const DatosBasicosCard = ({
  mode,
  duplicateMessage,
  onDocumentoBlur,
  onEmpresaChange,
}: DatosBasicosCardProps) => {
  const { register, control } = useFormContext<ParteFormValues>();
  const visibleError = useVisibleError<ParteFormValues>();
  const documento = useWatch({ control, name: 'documento' });
  const nombreError = visibleError('nombre');
  const documentoError = visibleError('documento') ?? duplicateMessage;
  const empresaError = visibleError('empresa');
  const warning = documentoError ? undefined : documentoWarning(documento.trim());

  return (
    <SectionCard title="Datos básicos" icon={<FaIdCard />}>
      <Form.Group className="mb-3" controlId="parte-nombre">
        <Form.Label>
          Nombre/Razón social{' '}
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </Form.Label>
        <Form.Control
          {...register('nombre')}
          autoComplete="organization"
          {...invalidProps('parte-nombre', nombreError)}
          aria-required="true"
        />
        <Form.Control.Feedback type="invalid" id={errorIdOf('parte-nombre')}>
          {nombreError}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="parte-documento">
        <Form.Label>Documento</Form.Label>
        <Form.Control
          {...register('documento', { onBlur: onDocumentoBlur })}
          className="text-uppercase"
          autoComplete="off"
          placeholder="NIF, NIE, CIF o documento extranjero"
          {...invalidProps(
            'parte-documento',
            documentoError,
            warning ? 'parte-documento-warning' : undefined,
          )}
        />
        <Form.Control.Feedback type="invalid" id={errorIdOf('parte-documento')}>
          {documentoError}
        </Form.Control.Feedback>
        {warning && (
          <Form.Text id="parte-documento-warning" className="text-warning-emphasis">
            {warning}
          </Form.Text>
        )}
      </Form.Group>
      <Form.Group controlId="parte-empresa">
        <Form.Label>
          Empresa{' '}
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </Form.Label>
        <Form.Select
          {...register('empresa', { onChange: onEmpresaChange })}
          disabled={mode !== 'create'}
          aria-required="true"
          {...invalidProps(
            'parte-empresa',
            empresaError,
            mode === 'create' ? undefined : 'parte-empresa-note',
          )}
        >
          <option value="">Selecciona una empresa</option>
          {EMPRESA_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={errorIdOf('parte-empresa')}>
          {empresaError}
        </Form.Control.Feedback>
        {mode !== 'create' && (
          <Form.Text id="parte-empresa-note" className="text-body-secondary">
            {T.empresaImmutable}
          </Form.Text>
        )}
      </Form.Group>
    </SectionCard>
  );
};
