ALTER TABLE "obras" ADD COLUMN "horas_registradas" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "obras_estado_fin_idx" ON "obras" USING btree ("estado",coalesce("fecha_fin_real", "fecha_fin_prevista", "fecha_inicio_real", "fecha_inicio_prevista"));--> statement-breakpoint
-- flota-obras.md §10 "counter totals": an obra's horasTotales (the hours of its closed partes) is
-- kept on the obra instead of summed per list row (0.18 ms an obra on PGlite, most of a page).
-- Statement-level triggers with transition tables, as partes' counters: one recount per statement
-- of the obras whose closed hours it touched (a draft's operario rows change no total).
CREATE FUNCTION "obras_horas_recalcular"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE obras o SET horas_registradas = h.horas
  FROM (
    SELECT x.id, coalesce((SELECT sum(pto.horas) FROM parte_trabajo_operarios pto
        JOIN partes_trabajo pt ON pt.id = pto.parte_trabajo_id
        WHERE pt.obra_id = x.id AND pt.estado = 'cerrado'), 0) AS horas
    FROM unnest(ids) AS x(id)
  ) h
  WHERE o.id = h.id AND o.horas_registradas IS DISTINCT FROM h.horas
$$;--> statement-breakpoint
CREATE FUNCTION "obras_horas_operarios_nuevos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM obras_horas_recalcular(array(SELECT DISTINCT pt.obra_id FROM nuevas n
    JOIN partes_trabajo pt ON pt.id = n.parte_trabajo_id WHERE pt.estado = 'cerrado'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "obras_horas_operarios_viejos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM obras_horas_recalcular(array(SELECT DISTINCT pt.obra_id FROM viejas v
    JOIN partes_trabajo pt ON pt.id = v.parte_trabajo_id WHERE pt.estado = 'cerrado'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "obras_horas_partes_estado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM obras_horas_recalcular(array(
    SELECT n.obra_id FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE n.estado IS DISTINCT FROM v.estado OR n.obra_id IS DISTINCT FROM v.obra_id
    UNION SELECT v.obra_id FROM nuevas n JOIN viejas v ON v.id = n.id
    WHERE n.obra_id IS DISTINCT FROM v.obra_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "obras_horas_partes_borrados"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM obras_horas_recalcular(array(SELECT DISTINCT v.obra_id FROM viejas v
    WHERE v.estado = 'cerrado'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "obras_horas_operarios_insert" AFTER INSERT ON "parte_trabajo_operarios" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_operarios_nuevos"();--> statement-breakpoint
CREATE TRIGGER "obras_horas_operarios_update_nuevas" AFTER UPDATE ON "parte_trabajo_operarios" REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_operarios_nuevos"();--> statement-breakpoint
CREATE TRIGGER "obras_horas_operarios_update_viejas" AFTER UPDATE ON "parte_trabajo_operarios" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_operarios_viejos"();--> statement-breakpoint
CREATE TRIGGER "obras_horas_operarios_delete" AFTER DELETE ON "parte_trabajo_operarios" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_operarios_viejos"();--> statement-breakpoint
CREATE TRIGGER "obras_horas_partes_update" AFTER UPDATE ON "partes_trabajo" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_partes_estado"();--> statement-breakpoint
CREATE TRIGGER "obras_horas_partes_delete" AFTER DELETE ON "partes_trabajo" REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "obras_horas_partes_borrados"();--> statement-breakpoint
UPDATE "obras" o SET "horas_registradas" = coalesce((SELECT sum(pto.horas)
  FROM parte_trabajo_operarios pto JOIN partes_trabajo pt ON pt.id = pto.parte_trabajo_id
  WHERE pt.obra_id = o.id AND pt.estado = 'cerrado'), 0);
