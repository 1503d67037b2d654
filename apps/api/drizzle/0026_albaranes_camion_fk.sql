-- albaranes.camion_id → camiones.id, ON DELETE RESTRICT (flota-obras.md §2.6 and §4.10): a vehicle an
-- albarán names is given de baja, never deleted. A value that names no camión (a vehicle deleted
-- before the key existed) is cleared, or the key could not be added; the albarán keeps its
-- matrícula snapshot.
UPDATE "albaranes" SET "camion_id" = NULL WHERE "camion_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "camiones" WHERE "camiones"."id" = "albaranes"."camion_id");--> statement-breakpoint
ALTER TABLE "albaranes" ADD CONSTRAINT "albaranes_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE restrict ON UPDATE no action;
