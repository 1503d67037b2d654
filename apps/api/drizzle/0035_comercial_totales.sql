CREATE TABLE "alquileres_totales" (
	"empresa" text NOT NULL,
	"estado" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alquileres_totales_empresa_estado_pk" PRIMARY KEY("empresa","estado")
);
--> statement-breakpoint
CREATE TABLE "presupuestos_totales" (
	"empresa" text NOT NULL,
	"estado" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "presupuestos_totales_empresa_estado_pk" PRIMARY KEY("empresa","estado")
);
--> statement-breakpoint
-- comercial.md §10 (decision 0028, revision of 28 November, night): a quote or rental list page
-- without a search, with no filter or estado only, reads its total here instead of counting the
-- table, as obras_totales (0031) does for works. Statement-level triggers with transition tables
-- for inserts and deletes (one grouped upsert per statement); a row trigger, skipped by its WHEN
-- clause for every other update, moves one unit when a row's estado changes (one quote, a
-- rental's state actions, or each quote of R13's expiry sweep); it locks its two counters in key
-- order, as the insert's grouped upsert does, so two such moves in opposite directions queue.
CREATE FUNCTION "presupuestos_totales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO presupuestos_totales AS t (empresa, estado, total)
	SELECT empresa, estado, count(*) FROM nuevas GROUP BY empresa, estado ORDER BY empresa, estado
	ON CONFLICT (empresa, estado) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "presupuestos_totales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE presupuestos_totales AS t SET total = t.total - g.n
	FROM (SELECT empresa, estado, count(*) AS n FROM viejas GROUP BY empresa, estado) AS g
	WHERE t.empresa = g.empresa AND t.estado = g.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "presupuestos_totales_estado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO presupuestos_totales (empresa, estado, total) VALUES (NEW.empresa, NEW.estado, 0)
	ON CONFLICT (empresa, estado) DO NOTHING;
	PERFORM 1 FROM presupuestos_totales
	WHERE (empresa, estado) IN ((OLD.empresa, OLD.estado), (NEW.empresa, NEW.estado))
	ORDER BY empresa, estado FOR UPDATE;
	UPDATE presupuestos_totales SET total = total - 1 WHERE empresa = OLD.empresa AND estado = OLD.estado;
	UPDATE presupuestos_totales SET total = total + 1 WHERE empresa = NEW.empresa AND estado = NEW.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "presupuestos_totales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM presupuestos_totales;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "presupuestos_totales_insert" AFTER INSERT ON "presupuestos" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "presupuestos_totales_insert"();--> statement-breakpoint
CREATE TRIGGER "presupuestos_totales_delete" AFTER DELETE ON "presupuestos" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "presupuestos_totales_delete"();--> statement-breakpoint
CREATE TRIGGER "presupuestos_totales_estado" AFTER UPDATE OF "estado", "empresa" ON "presupuestos" FOR EACH ROW WHEN (OLD.estado IS DISTINCT FROM NEW.estado OR OLD.empresa IS DISTINCT FROM NEW.empresa) EXECUTE FUNCTION "presupuestos_totales_estado"();--> statement-breakpoint
CREATE TRIGGER "presupuestos_totales_truncate" AFTER TRUNCATE ON "presupuestos" FOR EACH STATEMENT EXECUTE FUNCTION "presupuestos_totales_truncate"();--> statement-breakpoint
INSERT INTO "presupuestos_totales" (empresa, estado, total) SELECT empresa, estado, count(*) FROM presupuestos GROUP BY empresa, estado;
--> statement-breakpoint
CREATE FUNCTION "alquileres_totales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO alquileres_totales AS t (empresa, estado, total)
	SELECT empresa, estado, count(*) FROM nuevas GROUP BY empresa, estado ORDER BY empresa, estado
	ON CONFLICT (empresa, estado) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "alquileres_totales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE alquileres_totales AS t SET total = t.total - g.n
	FROM (SELECT empresa, estado, count(*) AS n FROM viejas GROUP BY empresa, estado) AS g
	WHERE t.empresa = g.empresa AND t.estado = g.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "alquileres_totales_estado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO alquileres_totales (empresa, estado, total) VALUES (NEW.empresa, NEW.estado, 0)
	ON CONFLICT (empresa, estado) DO NOTHING;
	PERFORM 1 FROM alquileres_totales
	WHERE (empresa, estado) IN ((OLD.empresa, OLD.estado), (NEW.empresa, NEW.estado))
	ORDER BY empresa, estado FOR UPDATE;
	UPDATE alquileres_totales SET total = total - 1 WHERE empresa = OLD.empresa AND estado = OLD.estado;
	UPDATE alquileres_totales SET total = total + 1 WHERE empresa = NEW.empresa AND estado = NEW.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "alquileres_totales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM alquileres_totales;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "alquileres_totales_insert" AFTER INSERT ON "alquileres" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "alquileres_totales_insert"();--> statement-breakpoint
CREATE TRIGGER "alquileres_totales_delete" AFTER DELETE ON "alquileres" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "alquileres_totales_delete"();--> statement-breakpoint
CREATE TRIGGER "alquileres_totales_estado" AFTER UPDATE OF "estado", "empresa" ON "alquileres" FOR EACH ROW WHEN (OLD.estado IS DISTINCT FROM NEW.estado OR OLD.empresa IS DISTINCT FROM NEW.empresa) EXECUTE FUNCTION "alquileres_totales_estado"();--> statement-breakpoint
CREATE TRIGGER "alquileres_totales_truncate" AFTER TRUNCATE ON "alquileres" FOR EACH STATEMENT EXECUTE FUNCTION "alquileres_totales_truncate"();--> statement-breakpoint
INSERT INTO "alquileres_totales" (empresa, estado, total) SELECT empresa, estado, count(*) FROM alquileres GROUP BY empresa, estado;
