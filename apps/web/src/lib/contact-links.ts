/**
 * The `tel:` href of a phone as stored ("971 12 34 56", "+34 (971) 12-34-56"): its digits, with
 * a leading + kept (RFC 3966's global number). Spaces and punctuation in the href made some phone
 * dialers drop the number after the first space (issue 14). Undefined when it has no digit.
 */
export const telHref = (telefono: string): string | undefined => {
  const digits = telefono.replace(/\D/g, '');
  if (!digits) return undefined;
  return `tel:${telefono.trim().startsWith('+') ? '+' : ''}${digits}`;
};
