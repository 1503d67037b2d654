-- Suppliers and clients (issue 5, docs/decisions/0006-partes.md): one table of parties, `tipo`
-- tells them apart. Written by hand; keep src/modules/partes/partes.table.ts in sync.
CREATE TABLE "partes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"empresa" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"nombre" text NOT NULL,
	"documento" text,
	-- domain normalizeSearchText(nombre): sort key, the same on both engines under COLLATE "C".
	"nombre_busqueda" text NOT NULL,
	-- nombre_busqueda and the lower-cased documento: what searchTerm matches (trigram index).
	"busqueda" text NOT NULL,
	"cuenta_contable_proveedor" text,
	"cuenta_contable_compra" text,
	"cuenta_contable_cliente" text,
	"cuenta_contable_venta" text,
	"cuenta_contable_retencion" text,
	"contactos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archivos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direccion_pais_id" uuid,
	"direccion_provincia_id" uuid,
	"direccion_municipio_id" uuid,
	"direccion_ciudad_id" uuid,
	"direccion_calle_id" uuid,
	"direccion_codigo_postal_id" uuid,
	"direccion_altura" integer,
	"direccion_planta" text,
	"direccion_local" text,
	"direccion_observacion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	CONSTRAINT "partes_tipo_check" CHECK ("tipo" IN ('proveedor', 'cliente')),
	CONSTRAINT "partes_empresa_check" CHECK ("empresa" IN ('alquileres', 'transporte', 'verticales'))
);
--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_pais_id_paises_id_fk" FOREIGN KEY ("direccion_pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_provincia_id_provincias_id_fk" FOREIGN KEY ("direccion_provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_municipio_id_municipios_id_fk" FOREIGN KEY ("direccion_municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_ciudad_id_ciudades_id_fk" FOREIGN KEY ("direccion_ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_calle_id_calles_id_fk" FOREIGN KEY ("direccion_calle_id") REFERENCES "calles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes" ADD CONSTRAINT "partes_direccion_codigo_postal_id_codigos_postales_id_fk" FOREIGN KEY ("direccion_codigo_postal_id") REFERENCES "codigos_postales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The same documento twice in one empresa is refused here, so concurrent creates cannot both win.
CREATE UNIQUE INDEX "partes_tipo_empresa_documento_key" ON "partes" USING btree ("tipo", "empresa", "documento") WHERE "documento" IS NOT NULL;--> statement-breakpoint
-- One trigram index per list (tipo, empresa): a search reads only its own list's postings, and
-- no second index has to narrow the match set to the empresa. Queries name tipo and empresa as
-- literals so the planner can prove these predicates.
CREATE INDEX "partes_busqueda_proveedor_alquileres_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'proveedor' AND "empresa" = 'alquileres';--> statement-breakpoint
CREATE INDEX "partes_busqueda_proveedor_transporte_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'proveedor' AND "empresa" = 'transporte';--> statement-breakpoint
CREATE INDEX "partes_busqueda_proveedor_verticales_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'proveedor' AND "empresa" = 'verticales';--> statement-breakpoint
CREATE INDEX "partes_busqueda_cliente_alquileres_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'cliente' AND "empresa" = 'alquileres';--> statement-breakpoint
CREATE INDEX "partes_busqueda_cliente_transporte_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'cliente' AND "empresa" = 'transporte';--> statement-breakpoint
CREATE INDEX "partes_busqueda_cliente_verticales_trgm_idx" ON "partes" USING gin ("busqueda" gin_trgm_ops) WHERE "tipo" = 'cliente' AND "empresa" = 'verticales';--> statement-breakpoint
-- One index per sort field of the list (PARTE_SORT_FIELDS), id as the stable tiebreak; activo is
-- included so the Activo filter is checked in the index, not on the table.
CREATE INDEX "partes_nombre_idx" ON "partes" USING btree ("tipo", "empresa", ("nombre_busqueda" COLLATE "C"), "id") INCLUDE ("activo");--> statement-breakpoint
CREATE INDEX "partes_documento_idx" ON "partes" USING btree ("tipo", "empresa", ("documento" COLLATE "C"), "id") INCLUDE ("activo");--> statement-breakpoint
CREATE INDEX "partes_created_at_idx" ON "partes" USING btree ("tipo", "empresa", "created_at", "id") INCLUDE ("activo");--> statement-breakpoint
CREATE INDEX "partes_updated_at_idx" ON "partes" USING btree ("tipo", "empresa", "updated_at", "id") INCLUDE ("activo");--> statement-breakpoint
-- Address columns are indexed so deleting a location (ON DELETE RESTRICT) checks quickly.
CREATE INDEX "partes_direccion_pais_idx" ON "partes" USING btree ("direccion_pais_id") WHERE "direccion_pais_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "partes_direccion_provincia_idx" ON "partes" USING btree ("direccion_provincia_id") WHERE "direccion_provincia_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "partes_direccion_municipio_idx" ON "partes" USING btree ("direccion_municipio_id") WHERE "direccion_municipio_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "partes_direccion_ciudad_idx" ON "partes" USING btree ("direccion_ciudad_id") WHERE "direccion_ciudad_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "partes_direccion_calle_idx" ON "partes" USING btree ("direccion_calle_id") WHERE "direccion_calle_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "partes_direccion_codigo_postal_idx" ON "partes" USING btree ("direccion_codigo_postal_id") WHERE "direccion_codigo_postal_id" IS NOT NULL;--> statement-breakpoint
-- Exact totals without counting: a list without search reads its total here (kept by triggers).
CREATE TABLE "partes_totales" (
	"tipo" text NOT NULL,
	"empresa" text NOT NULL,
	"activo" boolean NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "partes_totales_pkey" PRIMARY KEY ("tipo", "empresa", "activo")
);
--> statement-breakpoint
-- Statement-level triggers with transition tables: one counter update per statement and group,
-- so a bulk insert of 100,000 rows costs one grouped upsert, not 100,000.
CREATE FUNCTION "partes_totales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO partes_totales AS t (tipo, empresa, activo, total)
	SELECT tipo, empresa, activo, count(*) FROM nuevas GROUP BY tipo, empresa, activo
	ORDER BY tipo, empresa, activo
	ON CONFLICT (tipo, empresa, activo) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "partes_totales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE partes_totales AS t SET total = t.total - g.n
	FROM (SELECT tipo, empresa, activo, count(*) AS n FROM viejas GROUP BY tipo, empresa, activo) AS g
	WHERE t.tipo = g.tipo AND t.empresa = g.empresa AND t.activo = g.activo;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "partes_totales_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Only rows whose group changed move between counters; tipo and empresa never change in
	-- practice, but the arithmetic holds for any column.
	INSERT INTO partes_totales AS t (tipo, empresa, activo, total)
	SELECT tipo, empresa, activo, sum(n) FROM (
		SELECT tipo, empresa, activo, count(*) AS n FROM nuevas GROUP BY tipo, empresa, activo
		UNION ALL
		SELECT tipo, empresa, activo, -count(*) FROM viejas GROUP BY tipo, empresa, activo
	) AS d
	GROUP BY tipo, empresa, activo
	HAVING sum(n) <> 0
	ORDER BY tipo, empresa, activo
	ON CONFLICT (tipo, empresa, activo) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "partes_totales_insert" AFTER INSERT ON "partes" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "partes_totales_insert"();--> statement-breakpoint
CREATE TRIGGER "partes_totales_delete" AFTER DELETE ON "partes" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "partes_totales_delete"();--> statement-breakpoint
CREATE TRIGGER "partes_totales_update" AFTER UPDATE ON "partes" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "partes_totales_update"();--> statement-breakpoint
-- TRUNCATE fires no row triggers; keep the counters right for a wiped table too.
CREATE FUNCTION "partes_totales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM partes_totales;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "partes_totales_truncate" AFTER TRUNCATE ON "partes" FOR EACH STATEMENT EXECUTE FUNCTION "partes_totales_truncate"();
