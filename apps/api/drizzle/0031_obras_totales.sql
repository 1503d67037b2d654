CREATE TABLE "obras_totales" (
	"estado" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "obras_inicio_codigo_idx" ON "obras" USING btree (coalesce("fecha_inicio_real", "fecha_inicio_prevista") desc nulls last,"codigo" desc);--> statement-breakpoint
-- flota-obras.md §10 "counter totals" (decision 30): a works list without filters, or with estado
-- only, reads its total here instead of counting the obras, as partes_totales does for parties.
-- Statement-level triggers with transition tables: one grouped upsert per statement.
CREATE FUNCTION "obras_totales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO obras_totales AS t (estado, total)
	SELECT estado, count(*) FROM nuevas GROUP BY estado ORDER BY estado
	ON CONFLICT (estado) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "obras_totales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE obras_totales AS t SET total = t.total - g.n
	FROM (SELECT estado, count(*) AS n FROM viejas GROUP BY estado) AS g
	WHERE t.estado = g.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A change of estado (one obra at a time: the state actions) moves one unit between counters. A
-- row trigger whose WHEN clause skips every other update (progress, hours, the Datos tab), so
-- those pay no function call and no transition table.
CREATE FUNCTION "obras_totales_estado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE obras_totales SET total = total - 1 WHERE estado = OLD.estado;
	INSERT INTO obras_totales AS t (estado, total) VALUES (NEW.estado, 1)
	ON CONFLICT (estado) DO UPDATE SET total = t.total + 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "obras_totales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM obras_totales;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "obras_totales_insert" AFTER INSERT ON "obras" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "obras_totales_insert"();--> statement-breakpoint
CREATE TRIGGER "obras_totales_delete" AFTER DELETE ON "obras" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "obras_totales_delete"();--> statement-breakpoint
CREATE TRIGGER "obras_totales_estado" AFTER UPDATE OF "estado" ON "obras" FOR EACH ROW WHEN (OLD.estado IS DISTINCT FROM NEW.estado) EXECUTE FUNCTION "obras_totales_estado"();--> statement-breakpoint
CREATE TRIGGER "obras_totales_truncate" AFTER TRUNCATE ON "obras" FOR EACH STATEMENT EXECUTE FUNCTION "obras_totales_truncate"();--> statement-breakpoint
INSERT INTO "obras_totales" (estado, total) SELECT estado, count(*) FROM obras GROUP BY estado;
