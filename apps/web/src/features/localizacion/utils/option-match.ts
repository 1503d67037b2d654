import { normalizeSearchText } from '@tvsistema/domain';

/**
 * Whether typed text names an existing option. Compared the way the server searches (case,
 * accents and repeated spaces ignored), so "avila" does not offer to create "ÁVILA" again.
 */
export const matchesOptionLabel = (text: string, labels: readonly string[]): boolean => {
  const wanted = normalizeSearchText(text);
  return labels.some((label) => normalizeSearchText(label) === wanted);
};

/** SPEC 4.7: "Crear nuevo: " only for non-empty text that matches no option label. */
export const offersCreation = (text: string, labels: readonly string[]): boolean =>
  text.trim() !== '' && !matchesOptionLabel(text, labels);

/** The server's partial search, for narrowing an older answer while a new one is on its way. */
export const matchesPartially = (label: string, text: string): boolean =>
  normalizeSearchText(label).includes(normalizeSearchText(text));
