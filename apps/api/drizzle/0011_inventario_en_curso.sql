-- Delivered bookings (en_curso) are few at any time, and every availability read looks for the
-- overdue ones among them (inventario.md R4, R5): without these, that branch walked every active
-- booking of the resources asked for. Written by hand beside 0010's GiST indexes, which drizzle-kit
-- does not manage either, so the snapshot stays 0010's.
CREATE INDEX "inventario_bloqueos_componente_en_curso_idx" ON "inventario_bloqueos" ("componente_id", "hasta") WHERE "estado" = 'activo' AND "en_curso";--> statement-breakpoint
CREATE INDEX "inventario_bloqueos_maquina_en_curso_idx" ON "inventario_bloqueos" ("maquina_id", "hasta") WHERE "estado" = 'activo' AND "en_curso";
