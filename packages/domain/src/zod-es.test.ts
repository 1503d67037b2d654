import { describe, expect, it } from 'vitest';
import { inspeccionUpdateSchema, transporteCamposSchema } from './logistica/transporte.js';

// Issue 14: the browser checks bodies with these schemas before sending them; a rule without a
// text of its own must not reach a user in English ("Too small: expected string…").
describe("zod's own messages in the domain schemas", () => {
  it('are Spanish wherever a domain schema is loaded, with no setup of the caller', () => {
    const vacio = transporteCamposSchema.shape.remitente.safeParse({ nombre: '' });
    const literal = inspeccionUpdateSchema.safeParse({ enviado: false });
    const mensajes = [...(vacio.error?.issues ?? []), ...(literal.error?.issues ?? [])].map(
      (issue) => issue.message,
    );
    expect(mensajes).toHaveLength(2);
    for (const mensaje of mensajes) {
      expect(mensaje).not.toMatch(/expected|Invalid|Too small/);
      expect(mensaje).toMatch(/inválid|pequeñ|esperaba/i);
    }
  });
});
