-- mantenimiento.compraId → compras.id (flota-obras.md §2.6, decision 0029). The API has always
-- checked the link; a value that names no compra (only written by hand or by an old seed) is
-- cleared, or the key could not be added. Text becomes uuid, compras.id's type.
UPDATE "camion_mantenimientos" SET "compra_id" = NULL WHERE "compra_id" IS NOT NULL AND ("compra_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' OR NOT EXISTS (SELECT 1 FROM "compras" WHERE "compras"."id"::text = lower("camion_mantenimientos"."compra_id")));--> statement-breakpoint
ALTER TABLE "camion_mantenimientos" ALTER COLUMN "compra_id" SET DATA TYPE uuid USING "compra_id"::uuid;--> statement-breakpoint
ALTER TABLE "camion_mantenimientos" ADD CONSTRAINT "camion_mantenimientos_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "compras"("id") ON DELETE restrict ON UPDATE no action;
