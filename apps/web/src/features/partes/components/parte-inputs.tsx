import { Col, Row } from 'react-bootstrap';
import { Controller, useFormContext } from 'react-hook-form';
import { FaMapMarkerAlt } from 'react-icons/fa';
import type { CuentaContable } from '@tvsistema/domain';
import { SectionCard } from '../../../components/resource/section-card.js';
import { AddressPicker } from '../../localizacion/index.js';
import type { ParteRecord } from '../parte-record.js';
import type { ParteFormMode, ParteFormValues } from '../utils/form-rules.js';
import { ContactosCard } from './contactos-card.js';
import { CuentasCard } from './cuentas-card.js';
import { DatosBasicosCard, type DatosBasicosCardProps } from './datos-basicos-card.js';
import { EmpresaInfoCard } from './empresa-info-card.js';
import { ObservacionesCard } from './observaciones-card.js';

export type ParteInputsProps = Omit<DatosBasicosCardProps, 'mode'> & {
  mode: ParteFormMode;
  /** Edit and view: the loaded record, for its empresa card. */
  record: ParteRecord | undefined;
  cuentas: readonly CuentaContable[];
  /** Whether the fields are locked (read-only, saving or saved). */
  locked: boolean;
  canCreateLocations: boolean;
  /** Prefix of the address picker's field ids. */
  idPrefix: string;
};

/** Every section of the party form (SPEC 4.6), in its two columns. */
export const ParteInputs = ({
  mode,
  record,
  cuentas,
  locked,
  canCreateLocations,
  idPrefix,
  ...datosBasicos
}: ParteInputsProps) => {
  const { control } = useFormContext<ParteFormValues>();
  const readOnly = mode === 'view';
  return (
    <Row className="g-3">
      <Col lg={7} className="d-flex flex-column gap-3">
        <DatosBasicosCard mode={mode} {...datosBasicos} />
        {record && <EmpresaInfoCard record={record} />}
        <SectionCard title="Dirección" icon={<FaMapMarkerAlt />}>
          <Controller
            control={control}
            name="direccion"
            render={({ field }) => (
              <AddressPicker
                value={field.value}
                onChange={field.onChange}
                disabled={locked}
                canCreate={canCreateLocations && !readOnly}
                idPrefix={idPrefix}
              />
            )}
          />
        </SectionCard>
        <CuentasCard cuentas={cuentas} />
      </Col>
      <Col lg={5} className="d-flex flex-column gap-3">
        <ContactosCard readOnly={readOnly} />
        <ObservacionesCard readOnly={readOnly} />
      </Col>
    </Row>
  );
};
