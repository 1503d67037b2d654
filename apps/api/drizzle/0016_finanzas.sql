-- Finanzas (finanzas.md §2): invoices and credit notes, cobros, billed origins, VERI*FACTU records,
-- purchases and pagos, billing conditions. Hand-written at the end: the exclusion constraint on
-- billed periods, the append-only trigger of verifactu_registros and the views other modules read.
CREATE TABLE "cobros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factura_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(14, 2) NOT NULL,
	"medio" text NOT NULL,
	"referencia" text,
	"contrapartida_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "compras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"numero_registro" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"proveedor_id" uuid NOT NULL,
	"proveedor" jsonb NOT NULL,
	"numero_factura_proveedor" text NOT NULL,
	"tipo_factura" text DEFAULT 'F1' NOT NULL,
	"factura_rectificada_proveedor" text,
	"fecha_expedicion" date NOT NULL,
	"fecha_operacion" date,
	"fecha_recepcion" date NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	"forma_pago" text DEFAULT 'transferencia' NOT NULL,
	"simplificada_cualificada" boolean DEFAULT false NOT NULL,
	"lineas" jsonb NOT NULL,
	"retencion_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"base_imponible" numeric(14, 2) NOT NULL,
	"cuota_iva" numeric(14, 2) NOT NULL,
	"cuota_deducible" numeric(14, 2) NOT NULL,
	"importe_total" numeric(14, 2) NOT NULL,
	"retencion" numeric(14, 2) NOT NULL,
	"total_a_pagar" numeric(14, 2) NOT NULL,
	"pagado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pendiente" numeric(14, 2) NOT NULL,
	"archivo" jsonb,
	"observaciones" text,
	"motivo_anulacion" text,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compras_empresa_check" CHECK ("compras"."empresa" IN ('alquileres', 'transporte'))
);
--> statement-breakpoint
CREATE TABLE "condiciones_facturacion" (
	"cliente_id" uuid PRIMARY KEY NOT NULL,
	"forma_pago" text DEFAULT 'transferencia' NOT NULL,
	"dias_vencimiento" integer,
	"iban_cliente" text,
	"referencia_mandato" text,
	"email_facturacion" text,
	"retencion_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"recargo_equivalencia" boolean DEFAULT false NOT NULL,
	"contratista_obra" boolean DEFAULT false NOT NULL,
	"tipo_identificacion" text DEFAULT 'NIF' NOT NULL,
	"pais_codigo" text DEFAULT 'ES' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factura_origenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factura_id" uuid NOT NULL,
	"linea_id" text NOT NULL,
	"origen_tipo" text NOT NULL,
	"origen_id" uuid NOT NULL,
	"origen_numero" text NOT NULL,
	"origen_linea_id" text NOT NULL,
	"periodo" daterange,
	"activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"clase" text DEFAULT 'factura' NOT NULL,
	"tipo_factura" text DEFAULT 'F1' NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"serie" text,
	"ejercicio" integer,
	"secuencial" integer,
	"numero" text,
	"fecha_expedicion" date,
	"fecha_vencimiento" date,
	"fecha_operacion" date,
	"cliente_id" uuid NOT NULL,
	"cliente" jsonb NOT NULL,
	"emisor" jsonb,
	"forma_pago" text DEFAULT 'transferencia' NOT NULL,
	"dias_vencimiento" integer DEFAULT 30 NOT NULL,
	"retencion_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"recargo_equivalencia" boolean DEFAULT false NOT NULL,
	"referencia_cliente" text,
	"descripcion_operacion" text NOT NULL,
	"observaciones" text,
	"origen" text DEFAULT 'manual' NOT NULL,
	"lineas" jsonb NOT NULL,
	"desglose" jsonb NOT NULL,
	"base_imponible" numeric(14, 2) NOT NULL,
	"cuota_iva" numeric(14, 2) NOT NULL,
	"cuota_recargo" numeric(14, 2) NOT NULL,
	"importe_total" numeric(14, 2) NOT NULL,
	"retencion" numeric(14, 2) NOT NULL,
	"total_a_pagar" numeric(14, 2) NOT NULL,
	"cobrado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pendiente" numeric(14, 2) NOT NULL,
	"factura_rectificada_id" uuid,
	"tipo_rectificacion" text,
	"motivo" text,
	"motivo_anulacion" text,
	"anulada_at" timestamp with time zone,
	"anulada_by_sub" text,
	"verifactu" jsonb,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "facturas_empresa_check" CHECK ("facturas"."empresa" IN ('alquileres', 'transporte')),
	CONSTRAINT "facturas_clase_check" CHECK ("facturas"."clase" IN ('factura', 'rectificativa')),
	CONSTRAINT "facturas_estado_check" CHECK ("facturas"."estado" IN ('borrador', 'emitida', 'cobrada', 'rectificada', 'anulada'))
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"compra_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(14, 2) NOT NULL,
	"medio" text NOT NULL,
	"referencia" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "verifactu_cadenas" (
	"nif" text PRIMARY KEY NOT NULL,
	"ultimo_orden" bigint,
	"ultima_huella" char(64),
	"ultimo_num_serie" text,
	"ultima_fecha" date
);
--> statement-breakpoint
CREATE TABLE "verifactu_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"registro_orden" bigint NOT NULL,
	"intento" integer DEFAULT 1 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" text NOT NULL,
	"csv_aeat" text,
	"codigo_error" text,
	"descripcion_error" text
);
--> statement-breakpoint
CREATE TABLE "verifactu_registros" (
	"orden" bigserial PRIMARY KEY NOT NULL,
	"empresa" text NOT NULL,
	"nif" text NOT NULL,
	"tipo" text NOT NULL,
	"subsanacion" boolean DEFAULT false NOT NULL,
	"rechazo_previo" text DEFAULT 'N' NOT NULL,
	"factura_id" uuid NOT NULL,
	"num_serie_factura" text NOT NULL,
	"fecha_expedicion_factura" date NOT NULL,
	"tipo_factura" text,
	"cuota_total" numeric(14, 2),
	"importe_total" numeric(14, 2),
	"registro_anterior_orden" bigint,
	"huella_anterior" char(64),
	"fecha_hora_huso_gen_registro" text NOT NULL,
	"cadena" text NOT NULL,
	"huella" char(64) NOT NULL,
	"contenido" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "facturas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_origenes" ADD CONSTRAINT "factura_origenes_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "compras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_envios" ADD CONSTRAINT "verifactu_envios_registro_orden_verifactu_registros_orden_fk" FOREIGN KEY ("registro_orden") REFERENCES "verifactu_registros"("orden") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobros_factura_idx" ON "cobros" USING btree ("factura_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "compras_numero_registro_key" ON "compras" USING btree ("empresa","numero_registro");--> statement-breakpoint
CREATE UNIQUE INDEX "compras_factura_proveedor_key" ON "compras" USING btree ("empresa","proveedor_id",upper(trim("numero_factura_proveedor"))) WHERE "compras"."estado" <> 'anulada';--> statement-breakpoint
CREATE INDEX "compras_lista_idx" ON "compras" USING btree ("empresa","fecha_recepcion","id");--> statement-breakpoint
CREATE INDEX "compras_busqueda_trgm_idx" ON "compras" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factura_origenes_origen_idx" ON "factura_origenes" USING btree ("origen_tipo","origen_id");--> statement-breakpoint
CREATE INDEX "factura_origenes_factura_idx" ON "factura_origenes" USING btree ("factura_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factura_origenes_albaran_key" ON "factura_origenes" USING btree ("origen_tipo","origen_id") WHERE "factura_origenes"."activo" AND "factura_origenes"."origen_tipo" = 'albaran';--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_serie_key" ON "facturas" USING btree ("empresa","serie","ejercicio","secuencial");--> statement-breakpoint
CREATE INDEX "facturas_lista_idx" ON "facturas" USING btree ("empresa","clase","fecha_expedicion","id");--> statement-breakpoint
CREATE INDEX "facturas_vencimiento_idx" ON "facturas" USING btree ("empresa","estado","fecha_vencimiento") WHERE "facturas"."estado" = 'emitida';--> statement-breakpoint
CREATE INDEX "facturas_cliente_idx" ON "facturas" USING btree ("empresa","cliente_id","fecha_expedicion");--> statement-breakpoint
CREATE INDEX "facturas_rectificada_idx" ON "facturas" USING btree ("factura_rectificada_id");--> statement-breakpoint
CREATE INDEX "facturas_busqueda_trgm_idx" ON "facturas" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pagos_compra_idx" ON "pagos" USING btree ("compra_id","fecha");--> statement-breakpoint
CREATE INDEX "verifactu_envios_registro_idx" ON "verifactu_envios" USING btree ("registro_orden","id");--> statement-breakpoint
CREATE INDEX "verifactu_registros_nif_idx" ON "verifactu_registros" USING btree ("nif","orden");--> statement-breakpoint
CREATE INDEX "verifactu_registros_empresa_idx" ON "verifactu_registros" USING btree ("empresa","orden");--> statement-breakpoint
CREATE INDEX "verifactu_registros_factura_idx" ON "verifactu_registros" USING btree ("factura_id");--> statement-breakpoint
-- finanzas.md §2 Origen facturado: no rental line billed twice for one day (btree_gist, 0010).
ALTER TABLE "factura_origenes" ADD CONSTRAINT "factura_origenes_periodo_excl" EXCLUDE USING gist ("origen_linea_id" WITH =, "periodo" WITH &&) WHERE ("activo" AND "periodo" IS NOT NULL);--> statement-breakpoint
-- finanzas.md §2 VERI*FACTU: the records are append-only.
CREATE FUNCTION "verifactu_registros_solo_insercion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'verifactu_registros es de solo inserción';
END $$;--> statement-breakpoint
CREATE TRIGGER "verifactu_registros_solo_insercion" BEFORE UPDATE OR DELETE ON "verifactu_registros" FOR EACH ROW EXECUTE FUNCTION "verifactu_registros_solo_insercion"();--> statement-breakpoint
-- finanzas.md §2: what is invoiced, by which invoice (read by comercial and logística).
CREATE VIEW "facturacion_origenes_v" AS
SELECT o.origen_tipo, o.origen_id, o.origen_linea_id, lower(o.periodo) AS desde,
	(upper(o.periodo) - 1) AS hasta, f.id AS factura_id, f.numero AS factura_numero,
	f.estado AS factura_estado
FROM factura_origenes o JOIN facturas f ON f.id = o.factura_id
WHERE o.activo;--> statement-breakpoint
-- finanzas.md §2: the parties as finanzas reads them (address lines are composed by the API).
CREATE VIEW "partes_fiscales_v" AS
SELECT p.id, p.tipo, p.empresa, p.activo, p.nombre, p.documento,
	p.cuenta_contable_cliente, p.cuenta_contable_venta, p.cuenta_contable_proveedor,
	p.cuenta_contable_compra, p.cuenta_contable_retencion
FROM partes p;
