import { z } from '../zod-es.js';

/** The text of a plate `checkSpanishPlate` refuses; the API prefixes the field ("matricula: …"). */
export const MATRICULA_INVALIDA =
  'La matrícula no tiene un formato válido (1234 BCD, R 1234 BCD, E 1234 BCD o PM 1234 AB)';

/**
 * The plate formats of modules/README.md: `ordinaria` (since 2000: 4 digits, 3 consonants),
 * `remolque` (R + that), `especial` (E + that: special vehicles such as machinery) and
 * `provincial` (before 2000: province code, 4 digits, 1 or 2 letters).
 */
export const FORMATOS_MATRICULA = ['ordinaria', 'remolque', 'especial', 'provincial'] as const;
export type FormatoMatricula = (typeof FORMATOS_MATRICULA)[number];

export type MatriculaCheck = {
  /** What is stored: no spaces or hyphens, upper case ("PM4821BZ"). */
  normalizada: string;
  /** What is shown: "4417 KTM", "R 7731 BCF", "PM 4821 BZ". */
  texto: string;
  formato: FormatoMatricula;
};

// No vowels, Ñ or Q in current plates, so that no word can be spelt.
const LETRAS = '[BCDFGHJKLMNPRSTVWXYZ]';
// The province codes of the provincial system, as modules/README.md lists them.
const PROVINCIAS =
  'A|AB|AL|AV|B|BA|BI|BU|C|CA|CC|CE|CO|CR|CS|CU|GC|GE|GI|GR|GU|H|HU|IB|J|L|LE|LO|LU|M|MA|ML|MU|' +
  'NA|O|OR|OU|P|PM|PO|S|SA|SE|SG|SO|SS|T|TE|TF|TO|V|VA|VI|Z|ZA';

const FORMATS: readonly { formato: FormatoMatricula; shape: RegExp }[] = [
  { formato: 'ordinaria', shape: new RegExp(`^()(\\d{4})(${LETRAS}{3})$`) },
  { formato: 'remolque', shape: new RegExp(`^(R)(\\d{4})(${LETRAS}{3})$`) },
  { formato: 'especial', shape: new RegExp(`^(E)(\\d{4})(${LETRAS}{3})$`) },
  { formato: 'provincial', shape: new RegExp(`^(${PROVINCIAS})(\\d{4})([A-Z]{1,2})$`) },
];

/**
 * Checks a Spanish vehicle plate (modules/README.md, "Shared domain functions"): trims,
 * upper-cases and drops spaces and hyphens, then matches one of the four formats. Null when none
 * matches. `checkSpanishPlate('pm-4821-bz')` → `{ normalizada: 'PM4821BZ', texto: 'PM 4821 BZ',
 * formato: 'provincial' }`.
 */
export const checkSpanishPlate = (valor: string): MatriculaCheck | null => {
  const normalizada = valor.trim().toUpperCase().replace(/[\s-]/g, '');
  for (const { formato, shape } of FORMATS) {
    const match = shape.exec(normalizada);
    if (match) {
      const texto = match.slice(1).filter(Boolean).join(' ');
      return { normalizada, texto, formato };
    }
  }
  return null;
};

/** A plate field: stored `normalizada`; otherwise MATRICULA_INVALIDA on the field. */
export const matriculaSchema = z.string({ error: MATRICULA_INVALIDA }).transform((valor, ctx) => {
  const matricula = checkSpanishPlate(valor);
  if (matricula) return matricula.normalizada;
  ctx.addIssue({ code: 'custom', message: MATRICULA_INVALIDA });
  return z.NEVER;
});
