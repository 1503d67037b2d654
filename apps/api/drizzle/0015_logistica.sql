CREATE TABLE "albaran_asignaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recogida_linea_id" uuid NOT NULL,
	"lote_id" uuid NOT NULL,
	"cantidad" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albaran_firmas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"albaran_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albaran_lineas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"albaran_id" uuid NOT NULL,
	"orden" integer NOT NULL,
	"clase" text NOT NULL,
	"articulo_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"cantidad" numeric(14, 4) NOT NULL,
	"horometro" numeric(10, 1),
	"correcto" integer,
	"danado" integer,
	"falta" integer,
	"observacion_dano" text,
	"precio_unitario" numeric(14, 4),
	"cargo_dano" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" integer DEFAULT 21 NOT NULL,
	"importe" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "albaran_lineas_clase_check" CHECK ("albaran_lineas"."clase" IN ('maquina', 'andamio', 'concepto')),
	CONSTRAINT "albaran_lineas_cantidad_check" CHECK ("albaran_lineas"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "albaran_lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alquiler_id" uuid NOT NULL,
	"entrega_id" uuid NOT NULL,
	"linea_id" uuid NOT NULL,
	"clase" text NOT NULL,
	"articulo_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"cantidad" integer NOT NULL,
	"pendiente" integer NOT NULL,
	CONSTRAINT "albaran_lotes_pendiente_check" CHECK ("albaran_lotes"."pendiente" >= 0 AND "albaran_lotes"."pendiente" <= "albaran_lotes"."cantidad")
);
--> statement-breakpoint
CREATE TABLE "albaranes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"clase" text NOT NULL,
	"tipo" text,
	"numero" text,
	"estado" text NOT NULL,
	"alquiler_id" uuid,
	"alquiler_numero" text,
	"cliente_id" uuid NOT NULL,
	"cliente" jsonb NOT NULL,
	"fecha_hora" timestamp with time zone NOT NULL,
	"fecha" date NOT NULL,
	"fecha_fin_cobro" date,
	"direccion_obra" jsonb,
	"matricula" text,
	"conductor" text,
	"referencia_externa" text,
	"observaciones" text,
	"unidades" integer DEFAULT 0 NOT NULL,
	"firma" jsonb,
	"anulacion" jsonb,
	"transporte" jsonb,
	"origen_documento" jsonb,
	"importacion_id" uuid,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"datos" jsonb,
	"camion_id" uuid,
	"peso_kg" integer,
	"precio" numeric(14, 2),
	"tipo_iva" integer,
	"salida_at" timestamp with time zone,
	"entregado_at" timestamp with time zone,
	"sin_firma_motivo" text,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "albaranes_clase_check" CHECK ("albaranes"."clase" IN ('alquiler', 'transporte')),
	CONSTRAINT "albaranes_estado_check" CHECK (("albaranes"."clase" = 'alquiler' AND "albaranes"."estado" IN ('borrador', 'emitido', 'firmado', 'anulado'))
        OR ("albaranes"."clase" = 'transporte' AND "albaranes"."estado" IN ('pendiente', 'en_ruta', 'entregado', 'anulado'))),
	CONSTRAINT "albaranes_alquiler_check" CHECK (("albaranes"."clase" = 'alquiler' AND "albaranes"."empresa" = 'alquileres' AND "albaranes"."tipo" IN ('entrega', 'recogida')
          AND "albaranes"."alquiler_id" IS NOT NULL AND "albaranes"."datos" IS NULL)
        OR ("albaranes"."clase" = 'transporte' AND "albaranes"."empresa" = 'transporte' AND "albaranes"."tipo" IS NULL
          AND "albaranes"."alquiler_id" IS NULL AND "albaranes"."fecha_fin_cobro" IS NULL AND "albaranes"."datos" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "albaran_asignaciones" ADD CONSTRAINT "albaran_asignaciones_recogida_linea_id_albaran_lineas_id_fk" FOREIGN KEY ("recogida_linea_id") REFERENCES "albaran_lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaran_asignaciones" ADD CONSTRAINT "albaran_asignaciones_lote_id_albaran_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "albaran_lotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaran_firmas" ADD CONSTRAINT "albaran_firmas_albaran_id_albaranes_id_fk" FOREIGN KEY ("albaran_id") REFERENCES "albaranes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaran_lineas" ADD CONSTRAINT "albaran_lineas_albaran_id_albaranes_id_fk" FOREIGN KEY ("albaran_id") REFERENCES "albaranes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaran_lotes" ADD CONSTRAINT "albaran_lotes_entrega_id_albaranes_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "albaranes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaran_lotes" ADD CONSTRAINT "albaran_lotes_linea_id_albaran_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "albaran_lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaranes" ADD CONSTRAINT "albaranes_alquiler_id_alquileres_id_fk" FOREIGN KEY ("alquiler_id") REFERENCES "alquileres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albaranes" ADD CONSTRAINT "albaranes_cliente_id_partes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "albaran_asignaciones_linea_idx" ON "albaran_asignaciones" USING btree ("recogida_linea_id");--> statement-breakpoint
CREATE INDEX "albaran_asignaciones_lote_idx" ON "albaran_asignaciones" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "albaran_lineas_albaran_idx" ON "albaran_lineas" USING btree ("albaran_id","orden");--> statement-breakpoint
CREATE INDEX "albaran_lotes_alquiler_idx" ON "albaran_lotes" USING btree ("alquiler_id","clase","articulo_id","fecha","id");--> statement-breakpoint
CREATE INDEX "albaran_lotes_entrega_idx" ON "albaran_lotes" USING btree ("entrega_id");--> statement-breakpoint
CREATE UNIQUE INDEX "albaranes_numero_key" ON "albaranes" USING btree ("empresa","numero") WHERE "albaranes"."numero" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "albaranes_referencia_key" ON "albaranes" USING btree ("empresa","cliente_id","referencia_externa") WHERE "albaranes"."referencia_externa" IS NOT NULL AND "albaranes"."estado" <> 'anulado';--> statement-breakpoint
CREATE INDEX "albaranes_empresa_fecha_idx" ON "albaranes" USING btree ("empresa","clase","fecha" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "albaranes_empresa_estado_idx" ON "albaranes" USING btree ("empresa","estado","fecha" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "albaranes_cliente_idx" ON "albaranes" USING btree ("cliente_id","fecha");--> statement-breakpoint
CREATE INDEX "albaranes_alquiler_idx" ON "albaranes" USING btree ("alquiler_id");--> statement-breakpoint
CREATE INDEX "albaranes_importacion_idx" ON "albaranes" USING btree ("importacion_id");--> statement-breakpoint
CREATE INDEX "albaranes_busqueda_trgm_idx" ON "albaranes" USING gin ("busqueda" gin_trgm_ops);