import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { ConceptoDetailScreen, ConceptoFormScreen, ConceptoListScreen } from './lazy-pages.js';

/** inventario.md §5.7: /conceptos, /conceptos/nueva, /conceptos/:templateId/editar, /conceptos/:templateId. */
export const conceptosRoutes: RouteObject[] = [
  guarded(
    paths.conceptos.list.path,
    'conceptos.view',
    <LazyPage>
      <ConceptoListScreen />
    </LazyPage>,
  ),
  guarded(
    paths.conceptos.create.path,
    'conceptos.edit',
    <LazyPage>
      <ConceptoFormScreen mode="create" />
    </LazyPage>,
  ),
  guarded(
    paths.conceptos.edit.path,
    'conceptos.edit',
    <LazyPage>
      <ConceptoFormScreen mode="edit" />
    </LazyPage>,
  ),
  guarded(
    paths.conceptos.detail.path,
    'conceptos.view',
    <LazyPage>
      <ConceptoDetailScreen />
    </LazyPage>,
  ),
];
