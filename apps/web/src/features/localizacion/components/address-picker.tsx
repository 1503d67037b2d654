import type { Direccion } from '@tvsistema/domain';

export type AddressPickerProps = {
  value: Direccion;
  /** Called with the whole address after every change (cascade clearing already applied). */
  onChange: (value: Direccion) => void;
  disabled?: boolean;
  /** Offer "Crear nuevo: " and the creation modals (users who may edit suppliers or clients). */
  canCreate?: boolean;
  /** Prefix for the inputs' ids, so two pickers can share a page. */
  idPrefix?: string;
};

// Placeholder until the address picker lands (issue 4, loc-web).
export const AddressPicker = (_props: AddressPickerProps) => <p>Dirección</p>;
