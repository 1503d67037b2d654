// The demo world (modules/README.md "Demo world"): on an empty database, `npm start` seeds the
// canonical companies, parties and documents through each module's own services, so a newcomer
// sees a living product. Idempotent: a marker in app_meta says it was done; a database that
// already holds business data is never touched. DEMO_DATA=false turns it off; tests never use it.
import { diaEnMadrid } from '@tvsistema/domain/format';
import type { Database } from './db/database.js';
import {
  businessRows,
  demoWorldSeededOn,
  markDemoWorldSeeded,
} from './db/demo-world.repository.js';
import type { DemoContext } from './module.js';
import { API_MODULES, FUENTES_FACTURABLES } from './modules/index.js';

/** Tables whose rows are users' business data (not reference data, counters or history). */
const BUSINESS_TABLES = ['partes', 'emisores'] as const;

export type DemoWorldResult =
  | { seeded: true; day: string; modules: string[] }
  | { seeded: false; reason: 'desactivado' | 'ya sembrado' | 'hay datos' };

export const seedDemoWorld = async (
  database: Database,
  options: { enabled: boolean; today?: string; archivos?: DemoContext['archivos'] },
): Promise<DemoWorldResult> => {
  if (!options.enabled) return { seeded: false, reason: 'desactivado' };
  if (await demoWorldSeededOn(database)) return { seeded: false, reason: 'ya sembrado' };
  if ((await businessRows(database, BUSINESS_TABLES)) > 0) {
    return { seeded: false, reason: 'hay datos' };
  }
  const today = options.today ?? diaEnMadrid();
  const context: DemoContext = {
    database,
    today,
    fuentes: FUENTES_FACTURABLES,
    archivos: options.archivos,
  };
  const modules: string[] = [];
  for (const module of API_MODULES) {
    if (!('demo' in module) || !module.demo) continue;
    await module.demo(context);
    modules.push(module.name);
  }
  for (const module of API_MODULES) {
    if ('demoFinal' in module && module.demoFinal) await module.demoFinal(context);
  }
  await markDemoWorldSeeded(database, today);
  return { seeded: true, day: today, modules };
};
