import { Form } from 'react-bootstrap';
import { Controller, useFormContext } from 'react-hook-form';
import { FaBuilding } from 'react-icons/fa';
import { EMPRESA_LABELS } from '@tvsistema/domain';
import { formatFechaHora } from '@tvsistema/domain/format';
import { RESOURCE_TEXTS as T } from '../../../components/resource/resource-texts.js';
import type { ParteRecord } from '../parte-record.js';
import type { ParteFormValues } from '../utils/form-rules.js';
import { SectionCard } from '../../../components/resource/section-card.js';

/** "23/11/2026 14:05 · ana@…", Madrid's wall time whatever the browser's zone (docs' style guide). */
const formatStamp = (at: string, by: string | null): string => {
  const when = Number.isNaN(new Date(at).getTime()) ? at : formatFechaHora(at);
  return by ? `${when} · ${by}` : when;
};

/** Edit and view only: the empresa the record belongs to, its state, and who touched it. */
export const EmpresaInfoCard = ({ record }: { record: ParteRecord }) => {
  const { control } = useFormContext<ParteFormValues>();
  return (
    <SectionCard title="Información de Empresa" icon={<FaBuilding />}>
      <dl className="row mb-2 small">
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Empresa</dt>
        <dd className="col-7 col-sm-8">{EMPRESA_LABELS[record.empresa]}</dd>
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Creado</dt>
        <dd className="col-7 col-sm-8">{formatStamp(record.createdAt, record.createdBy)}</dd>
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">Modificado</dt>
        <dd className="col-7 col-sm-8 mb-0">{formatStamp(record.updatedAt, record.updatedBy)}</dd>
      </dl>
      <Controller
        control={control}
        name="activo"
        render={({ field }) => (
          <Form.Check
            type="switch"
            role="switch"
            id="parte-activo"
            name={field.name}
            ref={field.ref}
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            label={field.value ? T.activo : T.inactivo}
          />
        )}
      />
    </SectionCard>
  );
};
