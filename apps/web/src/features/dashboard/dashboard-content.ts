import type { IconType } from 'react-icons';
import {
  FaBoxes,
  FaClipboardList,
  FaCogs,
  FaEuroSign,
  FaFileContract,
  FaFileInvoice,
  FaFileSignature,
  FaLayerGroup,
  FaTruck,
  FaUsers,
} from 'react-icons/fa';
import { LINKS } from '../../components/layout/navigation-links.js';

export type DashboardLink = {
  readonly title: string;
  readonly to: string;
  readonly icon: IconType;
  /** One line under the title of a summary card. */
  readonly description: string;
};

export type DashboardContent = {
  readonly summary: readonly DashboardLink[];
  readonly quickAccess: readonly DashboardLink[];
};

const maquinaria: DashboardLink = {
  title: 'Maquinaria',
  to: LINKS.maquinaria,
  icon: FaCogs,
  description: 'Equipos y disponibilidad',
};
const andamios: DashboardLink = {
  title: 'Andamios',
  to: LINKS.andamios,
  icon: FaLayerGroup,
  description: 'Stock de andamiaje',
};
const alquileres: DashboardLink = {
  title: 'Alquileres',
  to: LINKS.alquileres,
  icon: FaFileContract,
  description: 'Contratos en curso',
};
const facturas: DashboardLink = {
  title: 'Facturas',
  to: LINKS.facturas,
  icon: FaFileInvoice,
  description: 'Facturación emitida',
};

/** SPEC 2.9 dashboards of alquileres and transportes (verticales shows an empty placeholder). */
export const DASHBOARD_CONTENT = {
  alquileres: {
    summary: [
      maquinaria,
      andamios,
      alquileres,
      {
        title: 'Finanzas',
        to: LINKS.presupuestos,
        icon: FaEuroSign,
        description: 'Presupuestos y cobros',
      },
    ],
    quickAccess: [
      maquinaria,
      andamios,
      { title: 'Clientes', to: LINKS.clientes, icon: FaUsers, description: 'Cartera de clientes' },
      {
        title: 'Presupuestos',
        to: LINKS.presupuestos,
        icon: FaFileSignature,
        description: 'Ofertas a clientes',
      },
      alquileres,
    ],
  },
  transportes: {
    // SPEC 2.9 writes "Vehiculos"; the owner asked for the accent (issue 14, docs/style-guide.md).
    // DESIGN decision 4 sends it to /transporte/camiones.
    summary: [
      { title: 'Vehículos', to: LINKS.camiones, icon: FaTruck, description: 'Flota de vehículos' },
      facturas,
      {
        title: 'Albaranes',
        to: LINKS.albaranes,
        icon: FaClipboardList,
        description: 'Entregas y recogidas',
      },
    ],
    quickAccess: [
      { title: 'Vehículos', to: LINKS.camiones, icon: FaTruck, description: 'Flota de vehículos' },
      facturas,
      {
        title: 'Albaranes',
        to: LINKS.albaranes,
        icon: FaBoxes,
        description: 'Entregas y recogidas',
      },
    ],
  },
} as const satisfies Record<'alquileres' | 'transportes', DashboardContent>;
