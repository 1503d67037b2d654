-- flota-obras.md §10 planning grid (decision 0030): an operario row carries its parte's obra, so
-- the hours per operario, day and obra of six weeks are one range of one index, read without
-- visiting partes_trabajo (which PostgreSQL scanned whole for each grid at the bench's volume).
DROP INDEX "parte_trabajo_operarios_dia_idx";--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ADD COLUMN "obra_id" uuid;--> statement-breakpoint
UPDATE "parte_trabajo_operarios" pto SET "obra_id" = pt.obra_id FROM partes_trabajo pt
  WHERE pt.id = pto.parte_trabajo_id;--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ALTER COLUMN "obra_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "parte_trabajo_operarios_dia_idx" ON "parte_trabajo_operarios" USING btree ("operario_id","fecha","obra_id","horas");
