-- Each party's API record (SPEC 7: proveedorSchema / clienteSchema of packages/domain) as JSON
-- text, kept ready by triggers (docs/decisions/0010-partes-lecturas.md). Building it on every read
-- (six location lookups and thirty fields per record) cost half of a list page; parties are read
-- far more often than they or their locations change. A page is then its rows' texts joined.
-- Kept beside `partes`, not in it: searches scan `partes` rows, which stay narrow.
-- A change to the record's shape is a migration that replaces the view and refills the table.
CREATE TABLE "partes_registros" (
	"id" uuid PRIMARY KEY NOT NULL REFERENCES "partes"("id") ON DELETE CASCADE,
	"registro" text NOT NULL
);
--> statement-breakpoint
-- The record of every party, from its row and the current names of its address levels.
CREATE VIEW "partes_registros_fuente" AS
SELECT p.id, (
	jsonb_build_object(
		'_id', p.id, 'nombre', p.nombre, 'documento', p.documento, 'empresa', p.empresa,
		'activo', p.activo, 'archivos', p.archivos, 'contactos', p.contactos,
		'observaciones', p.observaciones,
		'direccion', jsonb_build_object(
			'paisId', p.direccion_pais_id, 'pais', pa.nombre,
			'provinciaId', p.direccion_provincia_id, 'provincia', pr.nombre,
			'municipioId', p.direccion_municipio_id, 'municipio', mu.nombre,
			'ciudadId', p.direccion_ciudad_id, 'ciudad', ci.nombre,
			'calleId', p.direccion_calle_id, 'calle', ca.nombre,
			'codigoPostalId', p.direccion_codigo_postal_id, 'codigoPostal', cp.valor,
			'altura', p.direccion_altura, 'planta', p.direccion_planta,
			'local', p.direccion_local, 'observacion', p.direccion_observacion),
		-- As Date.prototype.toISOString writes them.
		'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'createdBy', coalesce(p.created_by_email, p.created_by_sub),
		'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'updatedBy', coalesce(p.updated_by_email, p.updated_by_sub))
	-- Each type answers its own accounting set (DESIGN decision 1, domain CUENTAS_CONTABLES).
	|| CASE p.tipo
		WHEN 'proveedor' THEN jsonb_build_object(
			'cuentaContableProveedor', p.cuenta_contable_proveedor,
			'cuentaContableCompra', p.cuenta_contable_compra,
			'cuentaContableRetencion', p.cuenta_contable_retencion)
		ELSE jsonb_build_object(
			'cuentaContableCliente', p.cuenta_contable_cliente,
			'cuentaContableVenta', p.cuenta_contable_venta,
			'cuentaContableRetencion', p.cuenta_contable_retencion)
	END
)::text AS registro
FROM partes p
LEFT JOIN paises pa ON pa.id = p.direccion_pais_id
LEFT JOIN provincias pr ON pr.id = p.direccion_provincia_id
LEFT JOIN municipios mu ON mu.id = p.direccion_municipio_id
LEFT JOIN ciudades ci ON ci.id = p.direccion_ciudad_id
LEFT JOIN calles ca ON ca.id = p.direccion_calle_id
LEFT JOIN codigos_postales cp ON cp.id = p.direccion_codigo_postal_id;
--> statement-breakpoint
-- Statement-level, like the counters: a bulk insert refreshes its records in one statement.
CREATE FUNCTION "partes_registros_escribir"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO partes_registros AS r (id, registro)
	SELECT f.id, f.registro FROM partes_registros_fuente f WHERE f.id IN (SELECT id FROM nuevas)
	ON CONFLICT (id) DO UPDATE SET registro = excluded.registro;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "partes_registros_insert" AFTER INSERT ON "partes" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "partes_registros_escribir"();--> statement-breakpoint
CREATE TRIGGER "partes_registros_update" AFTER UPDATE ON "partes" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "partes_registros_escribir"();--> statement-breakpoint
-- A renamed location: the records of the parties that use it. Argument: their id column.
CREATE FUNCTION "partes_registros_renombrar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'INSERT INTO partes_registros AS r (id, registro)
		 SELECT f.id, f.registro FROM partes_registros_fuente f
		  WHERE f.id IN (SELECT id FROM partes WHERE %I = $1)
		 ON CONFLICT (id) DO UPDATE SET registro = excluded.registro', TG_ARGV[0])
		USING NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "paises_registros_partes" AFTER UPDATE OF "nombre" ON "paises" FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_pais_id');--> statement-breakpoint
CREATE TRIGGER "provincias_registros_partes" AFTER UPDATE OF "nombre" ON "provincias" FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_provincia_id');--> statement-breakpoint
CREATE TRIGGER "municipios_registros_partes" AFTER UPDATE OF "nombre" ON "municipios" FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_municipio_id');--> statement-breakpoint
CREATE TRIGGER "ciudades_registros_partes" AFTER UPDATE OF "nombre" ON "ciudades" FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_ciudad_id');--> statement-breakpoint
CREATE TRIGGER "calles_registros_partes" AFTER UPDATE OF "nombre" ON "calles" FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_calle_id');--> statement-breakpoint
CREATE TRIGGER "codigos_postales_registros_partes" AFTER UPDATE OF "valor" ON "codigos_postales" FOR EACH ROW WHEN (OLD."valor" IS DISTINCT FROM NEW."valor") EXECUTE FUNCTION "partes_registros_renombrar"('direccion_codigo_postal_id');--> statement-breakpoint
-- The parties that exist already.
INSERT INTO "partes_registros" (id, registro) SELECT id, registro FROM "partes_registros_fuente";
