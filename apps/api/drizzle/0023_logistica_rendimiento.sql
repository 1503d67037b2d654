-- logistica.md §10: one btree per list order (key, fecha, fecha_hora, id), so a page walks an index
-- either way and stops after the page instead of sorting every albarán of the empresa.
DROP INDEX "albaranes_empresa_fecha_idx";--> statement-breakpoint
DROP INDEX "albaranes_empresa_estado_idx";--> statement-breakpoint
CREATE INDEX "albaranes_empresa_numero_idx" ON "albaranes" USING btree ("empresa","clase","numero","fecha","fecha_hora","id");--> statement-breakpoint
CREATE INDEX "albaranes_empresa_fecha_idx" ON "albaranes" USING btree ("empresa","clase","fecha","fecha_hora","id");--> statement-breakpoint
CREATE INDEX "albaranes_empresa_estado_idx" ON "albaranes" USING btree ("empresa","clase","estado","fecha","fecha_hora","id");