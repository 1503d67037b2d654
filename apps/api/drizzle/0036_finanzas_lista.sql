CREATE TABLE "facturas_sumas" (
	"empresa" text NOT NULL,
	"clase" text NOT NULL,
	"estado" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"base" numeric(18, 2) DEFAULT '0' NOT NULL,
	"importe" numeric(18, 2) DEFAULT '0' NOT NULL,
	"pendiente" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "facturas_sumas_empresa_clase_estado_pk" PRIMARY KEY("empresa","clase","estado")
);
--> statement-breakpoint
DROP INDEX "facturas_lista_idx";--> statement-breakpoint
CREATE INDEX "facturas_lista_fecha_idx" ON "facturas" USING btree ("empresa","clase",(coalesce("fecha_expedicion", ("created_at" at time zone 'Europe/Madrid')::date)) desc nulls last,"created_at" desc,"id");--> statement-breakpoint
CREATE INDEX "facturas_lista_estado_idx" ON "facturas" USING btree ("empresa","clase","estado",(coalesce("fecha_expedicion", ("created_at" at time zone 'Europe/Madrid')::date)) desc nulls last,"created_at" desc,"id");--> statement-breakpoint
CREATE INDEX "facturas_lista_total_idx" ON "facturas" USING btree ("empresa","clase","importe_total" desc nulls last,"created_at" desc,"id");--> statement-breakpoint
-- finanzas.md §10 (decision 0032, revision of 29 November): the invoice list's footer (count, base,
-- total, pendiente) without filters or by estado reads these rows instead of summing every
-- invoice of the empresa. Statement-level triggers with transition tables, one grouped upsert of
-- the statement's differences per trigger, taken in key order.
CREATE FUNCTION "facturas_sumas_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO facturas_sumas AS s (empresa, clase, estado, n, base, importe, pendiente)
	SELECT empresa, clase, estado, count(*), sum(base_imponible), sum(importe_total), sum(pendiente)
	FROM nuevas GROUP BY empresa, clase, estado ORDER BY empresa, clase, estado
	ON CONFLICT (empresa, clase, estado) DO UPDATE SET n = s.n + excluded.n,
		base = s.base + excluded.base, importe = s.importe + excluded.importe,
		pendiente = s.pendiente + excluded.pendiente;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "facturas_sumas_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO facturas_sumas AS s (empresa, clase, estado, n, base, importe, pendiente)
	SELECT empresa, clase, estado, -count(*), -sum(base_imponible), -sum(importe_total), -sum(pendiente)
	FROM viejas GROUP BY empresa, clase, estado ORDER BY empresa, clase, estado
	ON CONFLICT (empresa, clase, estado) DO UPDATE SET n = s.n + excluded.n,
		base = s.base + excluded.base, importe = s.importe + excluded.importe,
		pendiente = s.pendiente + excluded.pendiente;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "facturas_sumas_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO facturas_sumas AS s (empresa, clase, estado, n, base, importe, pendiente)
	SELECT empresa, clase, estado, sum(n), sum(base), sum(importe), sum(pendiente)
	FROM (
		SELECT empresa, clase, estado, 1 AS n, base_imponible AS base, importe_total AS importe, pendiente
		FROM nuevas
		UNION ALL
		SELECT empresa, clase, estado, -1, -base_imponible, -importe_total, -pendiente FROM viejas
	) AS d
	GROUP BY empresa, clase, estado
	HAVING sum(n) <> 0 OR sum(base) <> 0 OR sum(importe) <> 0 OR sum(pendiente) <> 0
	ORDER BY empresa, clase, estado
	ON CONFLICT (empresa, clase, estado) DO UPDATE SET n = s.n + excluded.n,
		base = s.base + excluded.base, importe = s.importe + excluded.importe,
		pendiente = s.pendiente + excluded.pendiente;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "facturas_sumas_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM facturas_sumas;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "facturas_sumas_insert" AFTER INSERT ON "facturas" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "facturas_sumas_insert"();--> statement-breakpoint
CREATE TRIGGER "facturas_sumas_delete" AFTER DELETE ON "facturas" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "facturas_sumas_delete"();--> statement-breakpoint
CREATE TRIGGER "facturas_sumas_update" AFTER UPDATE ON "facturas" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "facturas_sumas_update"();--> statement-breakpoint
CREATE TRIGGER "facturas_sumas_truncate" AFTER TRUNCATE ON "facturas" FOR EACH STATEMENT EXECUTE FUNCTION "facturas_sumas_truncate"();--> statement-breakpoint
INSERT INTO "facturas_sumas" (empresa, clase, estado, n, base, importe, pendiente)
SELECT empresa, clase, estado, count(*), sum(base_imponible), sum(importe_total), sum(pendiente)
FROM facturas GROUP BY empresa, clase, estado;
