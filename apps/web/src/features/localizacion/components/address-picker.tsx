import { useEffect, useRef } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  DIRECCION_FIELD_LABELS,
  DIRECCION_LIMITS,
  type Direccion,
  type DireccionLevel,
} from '@tvsistema/domain';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import '../localizacion.css';
import { useApiClient } from '../../../lib/api-client-context.js';
import { locationQueryOptions } from '../api/get-location.js';
import { recordLabel, type LocationFilters, type LocationRecord } from '../levels.js';
import {
  isAlturaEnabled,
  isLevelEnabled,
  selectCiudad,
  selectLevel,
  type LevelSelection,
} from '../utils/cascade.js';
import { LocationTypeahead } from './location-typeahead.js';

export type AddressPickerProps = {
  value: Direccion;
  /** Called with the whole address after every change (cascade clearing already applied). */
  onChange: (value: Direccion) => void;
  disabled?: boolean;
  /** Offer "Crear nuevo: " and the creation modals (users who may edit suppliers or clients). */
  canCreate?: boolean;
  /** Prefix for the inputs' ids, so two pickers can share a page. */
  idPrefix?: string;
  /**
   * The id of the message the form shows when it refuses the address: the lookup of
   * `errorLevel` (the street unless told) is marked invalid and described by it.
   */
  errorId?: string;
  errorLevel?: DireccionLevel;
};

/** Field labels of the address card (SPEC 2.13): the domain's, which the CSV export uses too. */
export const ADDRESS_LABELS = DIRECCION_FIELD_LABELS;

// The grid: two lookups a row from md up, everything stacked on a phone.
const LOOKUP_COLUMNS: Readonly<Record<DireccionLevel, { md: number }>> = {
  pais: { md: 6 },
  provincia: { md: 6 },
  municipio: { md: 6 },
  ciudad: { md: 6 },
  calle: { md: 8 },
  codigoPostal: { md: 4 },
};

const parentFilters = (value: Direccion, level: DireccionLevel): LocationFilters => {
  const pick = (ids: Partial<Record<keyof LocationFilters, string | null>>): LocationFilters =>
    Object.fromEntries(Object.entries(ids).filter(([, id]) => id)) as LocationFilters;
  switch (level) {
    case 'pais':
      return {};
    case 'provincia':
      return pick({ paisId: value.paisId });
    case 'municipio':
      return pick({ provinciaId: value.provinciaId });
    case 'ciudad':
      return pick({ provinciaId: value.provinciaId, municipioId: value.municipioId });
    case 'calle':
    case 'codigoPostal':
      return pick({ ciudadId: value.ciudadId });
  }
};

const toSelection = (record: LocationRecord): LevelSelection => ({
  id: record._id,
  nombre: recordLabel(record),
});

const emptyToNull = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * The structured address of SPEC 4.7: six server-backed lookups with the cascade and disabled
 * states of the specification, plus número, planta, local and observación.
 */
export const AddressPicker = ({
  value,
  onChange,
  disabled = false,
  canCreate = false,
  idPrefix = 'direccion',
  errorId,
  errorLevel = 'calle',
}: AddressPickerProps) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // A city picked without a municipality waits for the municipality's name; by then the form may
  // hold a newer address, which is the one to update.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const selectRecord = async (level: DireccionLevel, record: LocationRecord | null) => {
    if (level === 'ciudad' && record && 'municipioId' in record && value.municipioId === null) {
      const municipio = await queryClient
        .fetchQuery(locationQueryOptions(api, 'municipio', record.municipioId))
        .then(toSelection)
        .catch(() => ({ id: record.municipioId, nombre: '' }));
      onChange(selectCiudad(latest.current, toSelection(record), municipio));
      return;
    }
    onChange(selectLevel(value, level, record ? toSelection(record) : null));
  };

  const lookup = (level: DireccionLevel) => {
    const id = value[`${level}Id`];
    const filters = parentFilters(value, level);
    return (
      <Col xs={12} {...LOOKUP_COLUMNS[level]} key={level}>
        <LocationTypeahead
          level={level}
          inputId={`${idPrefix}-${level}`}
          label={ADDRESS_LABELS[level]}
          selected={id === null ? null : { id, label: value[level] ?? '' }}
          filters={filters}
          disabled={disabled || !isLevelEnabled(value, level)}
          canCreate={canCreate}
          parents={value}
          onSelect={(record) => void selectRecord(level, record)}
          {...(errorId && level === errorLevel ? { errorId } : {})}
        />
      </Col>
    );
  };

  const textField = (field: 'planta' | 'local' | 'observacion', maxLength: number, sm: number) => (
    <Col xs={12} sm={sm}>
      <Form.Group controlId={`${idPrefix}-${field}`}>
        <Form.Label>{ADDRESS_LABELS[field]}</Form.Label>
        <Form.Control
          value={value[field] ?? ''}
          maxLength={maxLength}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => onChange({ ...value, [field]: emptyToNull(event.target.value) })}
        />
      </Form.Group>
    </Col>
  );

  return (
    <Row className="g-3">
      {lookup('pais')}
      {lookup('provincia')}
      {lookup('municipio')}
      {lookup('ciudad')}
      {lookup('calle')}
      {lookup('codigoPostal')}
      <Col xs={12} sm={4}>
        <Form.Group controlId={`${idPrefix}-altura`}>
          <Form.Label>{ADDRESS_LABELS.altura}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={0}
            max={DIRECCION_LIMITS.alturaMax}
            step={1}
            value={value.altura ?? ''}
            disabled={disabled || !isAlturaEnabled(value)}
            onChange={(event) => {
              const number = Number.parseInt(event.target.value, 10);
              onChange({ ...value, altura: Number.isNaN(number) ? null : number });
            }}
          />
        </Form.Group>
      </Col>
      {textField('planta', DIRECCION_LIMITS.plantaMax, 4)}
      {textField('local', DIRECCION_LIMITS.localMax, 4)}
      {textField('observacion', DIRECCION_LIMITS.observacionMax, 12)}
    </Row>
  );
};
