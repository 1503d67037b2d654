// Each user's personal preferences (issue 14, decision 0044): GET and PUT of the caller's own.
import { preferenciasUsuario } from './preferencias.table.js';

export { preferenciasRoutes as routes } from './preferencias.routes.js';
export const tables = { preferenciasUsuario } as const;
export { demo } from './preferencias.demo.js';
