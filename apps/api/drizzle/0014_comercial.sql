CREATE TABLE "alquiler_cargos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alquiler_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text NOT NULL,
	"fecha" date NOT NULL,
	"importe" numeric(14, 2) NOT NULL,
	"tipo_iva" integer DEFAULT 21 NOT NULL,
	"albaran_id" text,
	"albaran_numero" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alquiler_cargos_tipo_check" CHECK ("alquiler_cargos"."tipo" IN ('horas_extra', 'dano', 'falta'))
);
--> statement-breakpoint
CREATE TABLE "alquiler_lineas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orden" integer NOT NULL,
	"clase" text NOT NULL,
	"maquina_id" uuid,
	"componente_id" uuid,
	"concepto_id" uuid,
	"codigo" text,
	"descripcion" text NOT NULL,
	"cantidad" numeric(14, 4) NOT NULL,
	"unidad" text NOT NULL,
	"fecha_inicio" date,
	"fecha_fin" date,
	"fecha" date,
	"modo_tarifa" text DEFAULT 'optimo' NOT NULL,
	"dias_minimos" integer DEFAULT 1 NOT NULL,
	"precio_dia" numeric(14, 4),
	"precio_semana" numeric(14, 4),
	"precio_mes" numeric(14, 4),
	"precio" numeric(14, 4),
	"descuento_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" integer DEFAULT 21 NOT NULL,
	"motivo_iva0" text,
	"alquiler_id" uuid NOT NULL,
	"linea_presupuesto_id" uuid,
	"facturado_hasta" date
);
--> statement-breakpoint
CREATE TABLE "alquiler_movimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alquiler_id" uuid NOT NULL,
	"linea_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"fecha_fin_cobro" date,
	"cantidad" integer NOT NULL,
	"albaran_id" text,
	"albaran_numero" text,
	"albaran_tipo" text,
	"firmado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alquiler_movimientos_tipo_check" CHECK ("alquiler_movimientos"."tipo" IN ('entrega', 'recogida', 'baja')),
	CONSTRAINT "alquiler_movimientos_cantidad_check" CHECK ("alquiler_movimientos"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "alquileres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"numero" text NOT NULL,
	"estado" text DEFAULT 'reservado' NOT NULL,
	"cliente_id" uuid NOT NULL,
	"presupuesto_id" uuid,
	"referencia_cliente" text,
	"contacto" jsonb,
	"contacto_obra" jsonb,
	"obra_nombre" text,
	"direccion_obra_pais_id" uuid,
	"direccion_obra_provincia_id" uuid,
	"direccion_obra_municipio_id" uuid,
	"direccion_obra_ciudad_id" uuid,
	"direccion_obra_calle_id" uuid,
	"direccion_obra_codigo_postal_id" uuid,
	"direccion_obra_altura" integer,
	"direccion_obra_planta" text,
	"direccion_obra_local" text,
	"direccion_obra_observacion" text,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"facturacion" text NOT NULL,
	"fianza_importe" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fianza_estado" text DEFAULT 'no_requerida' NOT NULL,
	"fianza_fecha_cobro" date,
	"fianza_forma_pago" text,
	"fianza_fecha_devolucion" date,
	"fianza_importe_devuelto" numeric(14, 2),
	"fianza_importe_retenido" numeric(14, 2),
	"fianza_motivo_retencion" text,
	"condiciones" text,
	"observaciones" text,
	"observaciones_internas" text,
	"motivo_cancelacion" text,
	"importe_estimado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "alquileres_estado_check" CHECK ("alquileres"."estado" IN ('reservado', 'en_curso', 'devuelto_parcial', 'finalizado', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "presupuesto_lineas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"orden" integer NOT NULL,
	"clase" text NOT NULL,
	"maquina_id" uuid,
	"componente_id" uuid,
	"concepto_id" uuid,
	"codigo" text,
	"descripcion" text NOT NULL,
	"cantidad" numeric(14, 4) NOT NULL,
	"unidad" text NOT NULL,
	"fecha_inicio" date,
	"fecha_fin" date,
	"fecha" date,
	"modo_tarifa" text DEFAULT 'optimo' NOT NULL,
	"dias_minimos" integer DEFAULT 1 NOT NULL,
	"precio_dia" numeric(14, 4),
	"precio_semana" numeric(14, 4),
	"precio_mes" numeric(14, 4),
	"precio" numeric(14, 4),
	"descuento_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tipo_iva" integer DEFAULT 21 NOT NULL,
	"motivo_iva0" text,
	"presupuesto_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presupuesto_plantillas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"nombre" text NOT NULL,
	"nombre_normalizado" text NOT NULL,
	"descripcion" text,
	"activo" boolean DEFAULT true NOT NULL,
	"validez_dias" integer DEFAULT 30 NOT NULL,
	"duracion_dias" integer DEFAULT 7 NOT NULL,
	"facturacion" text,
	"fianza" numeric(14, 2),
	"condiciones" text,
	"lineas" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presupuestos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"numero" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"cliente_id" uuid,
	"cliente_provisional" jsonb,
	"contacto" jsonb,
	"obra_nombre" text,
	"direccion_obra_pais_id" uuid,
	"direccion_obra_provincia_id" uuid,
	"direccion_obra_municipio_id" uuid,
	"direccion_obra_ciudad_id" uuid,
	"direccion_obra_calle_id" uuid,
	"direccion_obra_codigo_postal_id" uuid,
	"direccion_obra_altura" integer,
	"direccion_obra_planta" text,
	"direccion_obra_local" text,
	"direccion_obra_observacion" text,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"fecha_emision" date,
	"fecha_validez" date NOT NULL,
	"fecha_rechazo" date,
	"facturacion" text NOT NULL,
	"fianza" numeric(14, 2) DEFAULT '0' NOT NULL,
	"condiciones" text,
	"observaciones" text,
	"observaciones_internas" text,
	"plantilla_id" uuid,
	"alquiler_id" uuid,
	"motivo_rechazo" text,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"base" numeric(14, 2) DEFAULT '0' NOT NULL,
	"iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "presupuestos_estado_check" CHECK ("presupuestos"."estado" IN ('borrador', 'enviado', 'aceptado', 'rechazado', 'caducado'))
);
--> statement-breakpoint
ALTER TABLE "alquiler_cargos" ADD CONSTRAINT "alquiler_cargos_alquiler_id_alquileres_id_fk" FOREIGN KEY ("alquiler_id") REFERENCES "alquileres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_lineas" ADD CONSTRAINT "alquiler_lineas_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_lineas" ADD CONSTRAINT "alquiler_lineas_componente_id_andamio_componentes_id_fk" FOREIGN KEY ("componente_id") REFERENCES "andamio_componentes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_lineas" ADD CONSTRAINT "alquiler_lineas_concepto_id_conceptos_id_fk" FOREIGN KEY ("concepto_id") REFERENCES "conceptos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_lineas" ADD CONSTRAINT "alquiler_lineas_alquiler_id_alquileres_id_fk" FOREIGN KEY ("alquiler_id") REFERENCES "alquileres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_movimientos" ADD CONSTRAINT "alquiler_movimientos_alquiler_id_alquileres_id_fk" FOREIGN KEY ("alquiler_id") REFERENCES "alquileres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquiler_movimientos" ADD CONSTRAINT "alquiler_movimientos_linea_id_alquiler_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "alquiler_lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_cliente_id_partes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "presupuestos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_pais_id_paises_id_fk" FOREIGN KEY ("direccion_obra_pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_provincia_id_provincias_id_fk" FOREIGN KEY ("direccion_obra_provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_municipio_id_municipios_id_fk" FOREIGN KEY ("direccion_obra_municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_ciudad_id_ciudades_id_fk" FOREIGN KEY ("direccion_obra_ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_calle_id_calles_id_fk" FOREIGN KEY ("direccion_obra_calle_id") REFERENCES "calles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alquileres" ADD CONSTRAINT "alquileres_direccion_obra_codigo_postal_id_codigos_postales_id_fk" FOREIGN KEY ("direccion_obra_codigo_postal_id") REFERENCES "codigos_postales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuesto_lineas" ADD CONSTRAINT "presupuesto_lineas_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuesto_lineas" ADD CONSTRAINT "presupuesto_lineas_componente_id_andamio_componentes_id_fk" FOREIGN KEY ("componente_id") REFERENCES "andamio_componentes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuesto_lineas" ADD CONSTRAINT "presupuesto_lineas_concepto_id_conceptos_id_fk" FOREIGN KEY ("concepto_id") REFERENCES "conceptos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuesto_lineas" ADD CONSTRAINT "presupuesto_lineas_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_cliente_id_partes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_pais_id_paises_id_fk" FOREIGN KEY ("direccion_obra_pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_provincia_id_provincias_id_fk" FOREIGN KEY ("direccion_obra_provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_municipio_id_municipios_id_fk" FOREIGN KEY ("direccion_obra_municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_ciudad_id_ciudades_id_fk" FOREIGN KEY ("direccion_obra_ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_calle_id_calles_id_fk" FOREIGN KEY ("direccion_obra_calle_id") REFERENCES "calles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_direccion_obra_codigo_postal_id_codigos_postales_id_fk" FOREIGN KEY ("direccion_obra_codigo_postal_id") REFERENCES "codigos_postales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_plantilla_id_presupuesto_plantillas_id_fk" FOREIGN KEY ("plantilla_id") REFERENCES "presupuesto_plantillas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alquiler_cargos_alquiler_idx" ON "alquiler_cargos" USING btree ("alquiler_id","fecha");--> statement-breakpoint
CREATE INDEX "alquiler_lineas_alquiler_idx" ON "alquiler_lineas" USING btree ("alquiler_id","orden");--> statement-breakpoint
CREATE INDEX "alquiler_lineas_maquina_idx" ON "alquiler_lineas" USING btree ("maquina_id") WHERE "alquiler_lineas"."maquina_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "alquiler_movimientos_linea_idx" ON "alquiler_movimientos" USING btree ("alquiler_id","linea_id","fecha");--> statement-breakpoint
CREATE INDEX "alquiler_movimientos_albaran_idx" ON "alquiler_movimientos" USING btree ("albaran_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alquileres_numero_key" ON "alquileres" USING btree ("empresa","numero");--> statement-breakpoint
CREATE INDEX "alquileres_fecha_inicio_idx" ON "alquileres" USING btree ("fecha_inicio");--> statement-breakpoint
CREATE INDEX "alquileres_cliente_idx" ON "alquileres" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "alquileres_abiertos_idx" ON "alquileres" USING btree ("fecha_fin") WHERE "alquileres"."estado" IN ('reservado', 'en_curso', 'devuelto_parcial');--> statement-breakpoint
CREATE INDEX "alquileres_busqueda_trgm_idx" ON "alquileres" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "presupuesto_lineas_presupuesto_idx" ON "presupuesto_lineas" USING btree ("presupuesto_id","orden");--> statement-breakpoint
CREATE UNIQUE INDEX "presupuesto_plantillas_nombre_key" ON "presupuesto_plantillas" USING btree ("empresa","nombre_normalizado");--> statement-breakpoint
CREATE UNIQUE INDEX "presupuestos_numero_key" ON "presupuestos" USING btree ("empresa","numero") WHERE "presupuestos"."numero" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "presupuestos_created_idx" ON "presupuestos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "presupuestos_busqueda_trgm_idx" ON "presupuestos" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "presupuestos_enviados_idx" ON "presupuestos" USING btree ("fecha_validez") WHERE "presupuestos"."estado" = 'enviado';