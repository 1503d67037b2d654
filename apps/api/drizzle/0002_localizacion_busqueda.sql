-- Location searches and duplicates (issue 4).
-- A duplicate is judged on the search form of the name: "ÁVILA" and "AVILA" under one parent are
-- the same place (the reference data has no such pair). These unique indexes replace the ones on
-- the display name, and compare in the "C" collation so they also serve each parent's alphabetical
-- list and prefix searches the same way on every database, whatever its default collation.
ALTER TABLE "paises" DROP CONSTRAINT "paises_nombre_key";--> statement-breakpoint
CREATE UNIQUE INDEX "paises_nombre_busqueda_key" ON "paises" USING btree ("nombre_busqueda" COLLATE "C");--> statement-breakpoint
ALTER TABLE "provincias" DROP CONSTRAINT "provincias_pais_nombre_key";--> statement-breakpoint
CREATE UNIQUE INDEX "provincias_pais_nombre_busqueda_key" ON "provincias" USING btree ("pais_id","nombre_busqueda" COLLATE "C");--> statement-breakpoint
ALTER TABLE "municipios" DROP CONSTRAINT "municipios_provincia_nombre_key";--> statement-breakpoint
CREATE UNIQUE INDEX "municipios_provincia_nombre_busqueda_key" ON "municipios" USING btree ("provincia_id","nombre_busqueda" COLLATE "C");--> statement-breakpoint
ALTER TABLE "ciudades" DROP CONSTRAINT "ciudades_municipio_nombre_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ciudades_municipio_nombre_busqueda_key" ON "ciudades" USING btree ("municipio_id","nombre_busqueda" COLLATE "C");--> statement-breakpoint
ALTER TABLE "calles" DROP CONSTRAINT "calles_ciudad_nombre_key";--> statement-breakpoint
CREATE UNIQUE INDEX "calles_ciudad_nombre_busqueda_key" ON "calles" USING btree ("ciudad_id","nombre_busqueda" COLLATE "C");--> statement-breakpoint
-- Alphabetical lists and prefix searches over every parent (all of Spain's municipios).
CREATE INDEX "municipios_nombre_busqueda_idx" ON "municipios" USING btree ("nombre_busqueda" COLLATE "C");--> statement-breakpoint
CREATE INDEX "ciudades_nombre_busqueda_idx" ON "ciudades" USING btree ("nombre_busqueda" COLLATE "C");--> statement-breakpoint
CREATE INDEX "calles_nombre_busqueda_idx" ON "calles" USING btree ("nombre_busqueda" COLLATE "C");--> statement-breakpoint
-- Partial ("contains") searches of three or more characters on the levels that grow.
CREATE INDEX "municipios_nombre_busqueda_trgm_idx" ON "municipios" USING gin ("nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ciudades_nombre_busqueda_trgm_idx" ON "ciudades" USING gin ("nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calles_nombre_busqueda_trgm_idx" ON "calles" USING gin ("nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
-- Postal codes are searched by prefix and listed by value.
DROP INDEX "codigos_postales_valor_idx";--> statement-breakpoint
CREATE INDEX "codigos_postales_valor_idx" ON "codigos_postales" USING btree ("valor" COLLATE "C");
