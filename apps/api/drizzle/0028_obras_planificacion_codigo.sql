-- flota-obras.md §10 planning grid (decision 0030): an operario row carries its obra's código
-- (copied as obra_id is; a código never changes), so a cell's hours and códigos are one range of
-- one index per operario, without a primary-key probe of obras for each of the ≈ 2,000 rows of
-- six weeks × 50 operarios (PostgreSQL hashed all 30,000 obras for them when joined).
DROP INDEX "parte_trabajo_operarios_dia_idx";--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ADD COLUMN "obra_codigo" text;--> statement-breakpoint
UPDATE "parte_trabajo_operarios" pto SET "obra_codigo" = o.codigo FROM obras o
  WHERE o.id = pto.obra_id;--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ALTER COLUMN "obra_codigo" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "parte_trabajo_operarios_dia_idx" ON "parte_trabajo_operarios" USING btree ("operario_id","fecha","obra_codigo","horas");
