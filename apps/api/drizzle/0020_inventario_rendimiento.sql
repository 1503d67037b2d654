ALTER TABLE "andamio_stock" ADD COLUMN "movimientos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- inventario.md §10 (issue 15): a component's ledger page reads its total from this counter, not
-- count(*) over up to 50,000 rows. A statement-level trigger with a transition table adds each
-- statement's rows per component (movements are never updated; deleting a component deletes its
-- movements and this row with it).
CREATE FUNCTION "andamio_movimientos_contar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE andamio_stock AS s SET movimientos = s.movimientos + n.total
	FROM (SELECT componente_id, count(*)::int AS total FROM nuevos GROUP BY componente_id) AS n
	WHERE s.componente_id = n.componente_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "andamio_movimientos_contar" AFTER INSERT ON "andamio_movimientos" REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION "andamio_movimientos_contar"();--> statement-breakpoint
-- The movements already written.
UPDATE andamio_stock AS s SET movimientos = n.total
FROM (SELECT componente_id, count(*)::int AS total FROM andamio_movimientos GROUP BY componente_id) AS n
WHERE s.componente_id = n.componente_id;
