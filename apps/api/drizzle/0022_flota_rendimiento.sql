DROP INDEX "camion_lecturas_km_camion_idx";--> statement-breakpoint
ALTER TABLE "camiones" ADD COLUMN "resumen" jsonb;--> statement-breakpoint
CREATE INDEX "camion_lecturas_km_camion_idx" ON "camion_lecturas_km" USING btree ("camion_id","fecha","km");