DROP INDEX "alquileres_busqueda_trgm_idx";--> statement-breakpoint
DROP INDEX "presupuestos_busqueda_trgm_idx";--> statement-breakpoint
DROP INDEX "obras_busqueda_trgm_idx";--> statement-breakpoint
ALTER TABLE "alquileres" ADD COLUMN "cliente_busqueda" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alquileres" ADD COLUMN "cliente_orden" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alquileres" ADD COLUMN "texto_busqueda" text GENERATED ALWAYS AS (busqueda || chr(31) || cliente_busqueda) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "cliente_busqueda" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "cliente_orden" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "texto_busqueda" text GENERATED ALWAYS AS (busqueda || chr(31) || cliente_busqueda) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "obras" ADD COLUMN "cliente_busqueda" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "obras" ADD COLUMN "cliente_orden" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "obras" ADD COLUMN "texto_busqueda" text GENERATED ALWAYS AS (busqueda || chr(31) || cliente_busqueda) STORED NOT NULL;--> statement-breakpoint
-- comercial.md §10: a rental's, a quote's and a work's search matches its client's words, "refreshed
-- by a trigger when a client is renamed". Until now the client's name and documento were written
-- into each record's `busqueda` when it was saved, so a renamed client's records were found by its
-- old name only. They are now a copy of the client's own search text (`partes.busqueda`) and sort
-- key (`partes.nombre_busqueda`) in `cliente_busqueda` and `cliente_orden`: a BEFORE trigger fills
-- them whenever a record is written with a client, and a trigger on `partes` refreshes them when
-- the client is renamed. A list searches `texto_busqueda`, the two joined and stored by
-- PostgreSQL after the triggers (with its trigram index), and sorts by `cliente_orden` (a btree),
-- on its own table.
--
-- Existing records: the copy from their client, and their `busqueda` without the segments that
-- were the client's (its normalised name and documento as the services wrote them).
UPDATE "alquileres" a SET "cliente_busqueda" = p.busqueda, "cliente_orden" = p.nombre_busqueda,
	"busqueda" = coalesce((SELECT string_agg(s, chr(31) ORDER BY i)
		FROM unnest(string_to_array(a.busqueda, chr(31))) WITH ORDINALITY u(s, i)
		WHERE s IS DISTINCT FROM p.nombre_busqueda AND s IS DISTINCT FROM lower(p.documento)), '')
FROM "partes" p WHERE p.id = a.cliente_id;--> statement-breakpoint
UPDATE "presupuestos" q SET "cliente_busqueda" = p.busqueda, "cliente_orden" = p.nombre_busqueda,
	"busqueda" = coalesce((SELECT string_agg(s, chr(31) ORDER BY i)
		FROM unnest(string_to_array(q.busqueda, chr(31))) WITH ORDINALITY u(s, i)
		WHERE s IS DISTINCT FROM p.nombre_busqueda AND s IS DISTINCT FROM lower(p.documento)), '')
FROM "partes" p WHERE p.id = q.cliente_id;--> statement-breakpoint
UPDATE "presupuestos" SET "cliente_orden" = coalesce("cliente_provisional"->>'nombre', '')
WHERE "cliente_id" IS NULL;--> statement-breakpoint
UPDATE "obras" o SET "cliente_busqueda" = p.busqueda, "cliente_orden" = p.nombre_busqueda,
	"busqueda" = coalesce((SELECT string_agg(s, chr(31) ORDER BY i)
		FROM unnest(string_to_array(o.busqueda, chr(31))) WITH ORDINALITY u(s, i)
		WHERE s IS DISTINCT FROM p.nombre_busqueda), '')
FROM "partes" p WHERE p.id = o.cliente_id;--> statement-breakpoint
-- A record written with a client (insert, or a change of client) takes its client's copy. A quote
-- may have a provisional client instead (comercial.md §2.2): its name is the sort key.
CREATE FUNCTION "cliente_copia_fijar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT p.busqueda, p.nombre_busqueda INTO NEW.cliente_busqueda, NEW.cliente_orden
	FROM partes p WHERE p.id = NEW.cliente_id;
	IF NOT FOUND THEN
		NEW.cliente_busqueda := '';
		NEW.cliente_orden := '';
		IF TG_TABLE_NAME = 'presupuestos' THEN
			NEW.cliente_orden := coalesce(NEW.cliente_provisional->>'nombre', '');
		END IF;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "alquileres_cliente_copia" BEFORE INSERT OR UPDATE OF "cliente_id" ON "alquileres" FOR EACH ROW EXECUTE FUNCTION "cliente_copia_fijar"();--> statement-breakpoint
CREATE TRIGGER "obras_cliente_copia" BEFORE INSERT OR UPDATE OF "cliente_id" ON "obras" FOR EACH ROW EXECUTE FUNCTION "cliente_copia_fijar"();--> statement-breakpoint
CREATE TRIGGER "presupuestos_cliente_copia" BEFORE INSERT OR UPDATE OF "cliente_id", "cliente_provisional" ON "presupuestos" FOR EACH ROW EXECUTE FUNCTION "cliente_copia_fijar"();--> statement-breakpoint
-- A client renamed (or its documento changed): every record that names it takes the new copy.
CREATE FUNCTION "cliente_copia_refrescar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE alquileres SET cliente_busqueda = NEW.busqueda, cliente_orden = NEW.nombre_busqueda
	WHERE cliente_id = NEW.id;
	UPDATE presupuestos SET cliente_busqueda = NEW.busqueda, cliente_orden = NEW.nombre_busqueda
	WHERE cliente_id = NEW.id;
	UPDATE obras SET cliente_busqueda = NEW.busqueda, cliente_orden = NEW.nombre_busqueda
	WHERE cliente_id = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "partes_cliente_copia" AFTER UPDATE OF "busqueda", "nombre_busqueda" ON "partes" FOR EACH ROW WHEN (NEW.tipo = 'cliente' AND (OLD.busqueda IS DISTINCT FROM NEW.busqueda OR OLD.nombre_busqueda IS DISTINCT FROM NEW.nombre_busqueda)) EXECUTE FUNCTION "cliente_copia_refrescar"();--> statement-breakpoint
CREATE INDEX "alquileres_texto_busqueda_trgm_idx" ON "alquileres" USING gin ("texto_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alquileres_cliente_orden_idx" ON "alquileres" USING btree ("cliente_orden","numero");--> statement-breakpoint
CREATE INDEX "presupuestos_texto_busqueda_trgm_idx" ON "presupuestos" USING gin ("texto_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "presupuestos_cliente_orden_idx" ON "presupuestos" USING btree ("cliente_orden","id");--> statement-breakpoint
CREATE INDEX "presupuestos_cliente_idx" ON "presupuestos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "obras_texto_busqueda_trgm_idx" ON "obras" USING gin ("texto_busqueda" gin_trgm_ops);