-- flota-obras.md §10 (decision 0029, revision 28 November 2026): the list's vencimientos=N reads
-- the row (one range of camiones_vence_desde_idx) instead of probing camion_vencimientos once per
-- vehicle. Backfilled from the stored items, as the services keep it (KM_AVISO = 1500 km).
ALTER TABLE "camiones" ADD COLUMN "vence_desde" date;--> statement-breakpoint
ALTER TABLE "camiones" ADD COLUMN "km_restantes_min" integer;--> statement-breakpoint
CREATE INDEX "camiones_vence_desde_idx" ON "camiones" USING btree ("vence_desde");--> statement-breakpoint
UPDATE "camiones" c SET "vence_desde" = v.desde, "km_restantes_min" = v.km
FROM (
  SELECT camion_id,
    CASE WHEN bool_or(km_restantes <= 1500 OR (fecha IS NULL AND km_restantes IS NULL))
      THEN '-infinity'::date ELSE min(fecha) END AS desde,
    min(km_restantes) AS km
  FROM "camion_vencimientos" GROUP BY camion_id
) v
WHERE v.camion_id = c.id AND c.estado <> 'baja';
