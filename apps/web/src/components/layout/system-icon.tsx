import { SYSTEMS, type SystemIconName, type SystemId } from '@tvsistema/domain';
import type { IconBaseProps, IconType } from 'react-icons';
import { FaBuilding, FaTools, FaTruck } from 'react-icons/fa';

// SPEC 3 names each system's icon; this maps the names to the components.
const ICONS = {
  FaTools,
  FaTruck,
  FaBuilding,
} as const satisfies Record<SystemIconName, IconType>;

export type SystemIconProps = IconBaseProps & { system: SystemId };

export const SystemIcon = ({ system, ...props }: SystemIconProps) => {
  const Icon = ICONS[SYSTEMS[system].icon];
  return <Icon aria-hidden="true" {...props} />;
};
