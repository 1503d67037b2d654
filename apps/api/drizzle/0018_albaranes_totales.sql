CREATE TABLE "albaranes_totales" (
	"empresa" text NOT NULL,
	"clase" text NOT NULL,
	"tipo" text NOT NULL,
	"estado" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "albaranes_totales_pkey" PRIMARY KEY("empresa","clase","tipo","estado")
);
--> statement-breakpoint
-- logistica.md §10: the counters, kept by statement-level triggers with transition tables (one
-- grouped upsert per statement: an import of 10,000 albaranes costs one, not 10,000).
CREATE FUNCTION "albaranes_totales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO albaranes_totales AS t (empresa, clase, tipo, estado, total)
	SELECT empresa, clase, coalesce(tipo, ''), estado, count(*) FROM nuevas
	GROUP BY empresa, clase, coalesce(tipo, ''), estado
	ORDER BY 1, 2, 3, 4
	ON CONFLICT (empresa, clase, tipo, estado) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "albaranes_totales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE albaranes_totales AS t SET total = t.total - g.n
	FROM (SELECT empresa, clase, coalesce(tipo, '') AS tipo, estado, count(*) AS n FROM viejas
		GROUP BY empresa, clase, coalesce(tipo, ''), estado) AS g
	WHERE t.empresa = g.empresa AND t.clase = g.clase AND t.tipo = g.tipo AND t.estado = g.estado;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "albaranes_totales_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Only rows whose group changed (an emission, a delivery, an annulment) move between counters.
	INSERT INTO albaranes_totales AS t (empresa, clase, tipo, estado, total)
	SELECT empresa, clase, tipo, estado, sum(n) FROM (
		SELECT empresa, clase, coalesce(tipo, '') AS tipo, estado, count(*) AS n FROM nuevas
		GROUP BY empresa, clase, coalesce(tipo, ''), estado
		UNION ALL
		SELECT empresa, clase, coalesce(tipo, '') AS tipo, estado, -count(*) FROM viejas
		GROUP BY empresa, clase, coalesce(tipo, ''), estado
	) AS d
	GROUP BY empresa, clase, tipo, estado
	HAVING sum(n) <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT (empresa, clase, tipo, estado) DO UPDATE SET total = t.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "albaranes_totales_insert" AFTER INSERT ON "albaranes" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "albaranes_totales_insert"();--> statement-breakpoint
CREATE TRIGGER "albaranes_totales_delete" AFTER DELETE ON "albaranes" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "albaranes_totales_delete"();--> statement-breakpoint
CREATE TRIGGER "albaranes_totales_update" AFTER UPDATE ON "albaranes" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "albaranes_totales_update"();--> statement-breakpoint
CREATE FUNCTION "albaranes_totales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM albaranes_totales;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "albaranes_totales_truncate" AFTER TRUNCATE ON "albaranes" FOR EACH STATEMENT EXECUTE FUNCTION "albaranes_totales_truncate"();--> statement-breakpoint
-- The albaranes already written.
INSERT INTO albaranes_totales (empresa, clase, tipo, estado, total)
SELECT empresa, clase, coalesce(tipo, ''), estado, count(*) FROM albaranes
GROUP BY empresa, clase, coalesce(tipo, ''), estado;
