-- comercial.md §10 (28 November 2026): the quote list's sorts by creation and by total carry the
-- tie-break (id), so a page without a search walks the index and stops at LIMIT (its total is
-- counted apart, comercial.repository.ts idsDePagina) instead of sorting every quote.
DROP INDEX "presupuestos_created_idx";--> statement-breakpoint
CREATE INDEX "presupuestos_total_idx" ON "presupuestos" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "presupuestos_created_idx" ON "presupuestos" USING btree ("created_at","id");