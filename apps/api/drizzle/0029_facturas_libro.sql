-- finanzas.md §10 libro registro (decision 0032, 28 November 2026): the issued invoices of a period
-- in the book's order, so the CSV streams in keyset batches, each one range of this index.
CREATE INDEX "facturas_libro_idx" ON "facturas" USING btree ("empresa","fecha_expedicion","serie","secuencial","id") WHERE "facturas"."estado" IN ('emitida', 'cobrada', 'rectificada');