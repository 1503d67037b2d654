export const DOCUMENTO_WARNING = 'El documento no parece un NIF/NIE/CIF válido';

export type SpanishDocumentCheck = 'valid' | 'invalid' | 'not-spanish';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

const NIF_SHAPE = /^\d{8}[A-Z]$/;
const NIE_SHAPE = /^[XYZ]\d{7}[A-Z]$/;
// K, L and M are NIFs of people without a DNI or NIE; their control letter is the DNI one.
const KLM_SHAPE = /^[KLM]\d{7}[A-Z]$/;
const CIF_SHAPE = /^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/;

// Orden EHA/451/2008: these organisation types always end in a digit, these in a letter; the
// remaining ones may use either form.
const CIF_DIGIT_ONLY = new Set(['A', 'B', 'E', 'H']);
const CIF_LETTER_ONLY = new Set(['N', 'P', 'Q', 'R', 'S', 'W']);

const SEPARATORS = /[\s.-]/g;

/** The control letter of a DNI number (also of NIE and K/L/M NIFs, after their prefix). */
export const dniLetter = (digits: string | number): string =>
  DNI_LETTERS.charAt(Number(digits) % 23);

/** The control digit of a CIF's seven digits (its letter form is `JABCDEFGHI`[digit]). */
export const cifControlDigit = (digits: string): number => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits.charAt(index));
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
};

const checkCif = (document: string): boolean => {
  const kind = document.charAt(0);
  const control = document.charAt(8);
  const expected = cifControlDigit(document.slice(1, 8));
  const isDigit = /\d/.test(control);
  if (isDigit) return !CIF_LETTER_ONLY.has(kind) && Number(control) === expected;
  return !CIF_DIGIT_ONLY.has(kind) && control === CIF_CONTROL_LETTERS.charAt(expected);
};

/**
 * Whether a document has a Spanish NIF, NIE or CIF shape and, if so, whether its control
 * character is right. Foreign documents are 'not-spanish' and stay acceptable: the form only
 * warns (DOCUMENTO_WARNING) on 'invalid'.
 */
export const checkSpanishDocument = (documento: string): SpanishDocumentCheck => {
  const document = documento.toUpperCase().replace(SEPARATORS, '');
  if (NIF_SHAPE.test(document)) {
    return document.charAt(8) === dniLetter(document.slice(0, 8)) ? 'valid' : 'invalid';
  }
  if (NIE_SHAPE.test(document)) {
    const digits = `${'XYZ'.indexOf(document.charAt(0))}${document.slice(1, 8)}`;
    return document.charAt(8) === dniLetter(digits) ? 'valid' : 'invalid';
  }
  if (KLM_SHAPE.test(document)) {
    return document.charAt(8) === dniLetter(document.slice(1, 8)) ? 'valid' : 'invalid';
  }
  if (CIF_SHAPE.test(document)) return checkCif(document) ? 'valid' : 'invalid';
  return 'not-spanish';
};

/** The warning to show under Documento, if any; empty documents get none. */
export const documentoWarning = (documento: string | undefined | null): string | undefined =>
  documento && checkSpanishDocument(documento) === 'invalid' ? DOCUMENTO_WARNING : undefined;
