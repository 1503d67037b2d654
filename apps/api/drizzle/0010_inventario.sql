-- Inventario (inventario.md §2). btree_gist lets one GiST index compare the machine's uuid with
-- "=" and its booking days with "&&": the exclusion constraint at the end makes two exclusive
-- bookings of one machine on one day impossible, whatever the application does (§2.9, R6).
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "andamio_componentes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"categoria" text NOT NULL,
	"sistema" text,
	"fabricante" text,
	"referencia_fabricante" text,
	"norma" text,
	"dimensiones" text,
	"peso_kg" numeric(10, 3) NOT NULL,
	"precio_dia" numeric(14, 4) NOT NULL,
	"precio_semana" numeric(14, 4),
	"precio_mes" numeric(14, 4),
	"precio_reposicion" numeric(14, 4),
	"precio_venta" numeric(14, 4),
	"stock_minimo" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "andamio_componentes_empresa_check" CHECK ("andamio_componentes"."empresa" = 'alquileres')
);
--> statement-breakpoint
CREATE TABLE "andamio_movimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"componente_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"cantidad" integer NOT NULL,
	"de" text,
	"a" text,
	"fecha" date NOT NULL,
	"referencia_tipo" text,
	"referencia_id" text,
	"referencia_numero" text,
	"albaran_id" text,
	"motivo" text,
	"usuario" text,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"orden" integer GENERATED ALWAYS AS IDENTITY (sequence name "andamio_movimientos_orden_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "andamio_stock" (
	"componente_id" uuid PRIMARY KEY NOT NULL,
	"disponible" integer DEFAULT 0 NOT NULL,
	"alquilado" integer DEFAULT 0 NOT NULL,
	"en_reparacion" integer DEFAULT 0 NOT NULL,
	"baja" integer DEFAULT 0 NOT NULL,
	"vendido" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "andamio_stock_no_negativo" CHECK ("andamio_stock"."disponible" >= 0 AND "andamio_stock"."alquilado" >= 0 AND "andamio_stock"."en_reparacion" >= 0 AND "andamio_stock"."baja" >= 0 AND "andamio_stock"."vendido" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conceptos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"tipo" text NOT NULL,
	"aplica_a" text DEFAULT 'todos' NOT NULL,
	"unidad" text NOT NULL,
	"precio" numeric(14, 4) NOT NULL,
	"tipo_iva" integer DEFAULT 21 NOT NULL,
	"motivo_iva0" text,
	"activo" boolean DEFAULT true NOT NULL,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "conceptos_empresa_check" CHECK ("conceptos"."empresa" = 'alquileres'),
	CONSTRAINT "conceptos_iva_check" CHECK ("conceptos"."tipo_iva" IN (21, 10, 4, 0))
);
--> statement-breakpoint
CREATE TABLE "inventario_bloqueos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maquina_id" uuid,
	"componente_id" uuid,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"dias_preparacion" integer DEFAULT 0 NOT NULL,
	"periodo" daterange GENERATED ALWAYS AS (daterange(desde, (hasta + 1 + dias_preparacion), '[)')) STORED NOT NULL,
	"origen_tipo" text NOT NULL,
	"origen_id" text NOT NULL,
	"linea_id" text,
	"numero" text,
	"etiqueta" text,
	"exclusivo" boolean DEFAULT true NOT NULL,
	"en_curso" boolean DEFAULT false NOT NULL,
	"hasta_prevista" date,
	"albaran_entrega_id" text,
	"albaran_devolucion_id" text,
	"albaran_creacion_id" text,
	"estado" text DEFAULT 'activo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventario_bloqueos_recurso_check" CHECK (("inventario_bloqueos"."maquina_id" IS NULL) <> ("inventario_bloqueos"."componente_id" IS NULL)),
	CONSTRAINT "inventario_bloqueos_cantidad_check" CHECK ("inventario_bloqueos"."cantidad" > 0),
	CONSTRAINT "inventario_bloqueos_fechas_check" CHECK ("inventario_bloqueos"."hasta" IS NULL OR "inventario_bloqueos"."hasta" >= "inventario_bloqueos"."desde"),
	CONSTRAINT "inventario_bloqueos_estado_check" CHECK ("inventario_bloqueos"."estado" IN ('activo', 'liberado'))
);
--> statement-breakpoint
CREATE TABLE "maquina_documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maquina_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text,
	"fecha_emision" date,
	"fecha_caducidad" date,
	"archivo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "maquina_horometros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maquina_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"lectura" numeric(10, 1) NOT NULL,
	"horas_acumuladas" numeric(10, 1) NOT NULL,
	"origen" text NOT NULL,
	"referencia" text,
	"albaran_id" text,
	"reinicio" boolean DEFAULT false NOT NULL,
	"motivo" text,
	"registrado_por" text,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"orden" integer GENERATED ALWAYS AS IDENTITY (sequence name "maquina_horometros_orden_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "maquina_horometros_lectura_check" CHECK ("maquina_horometros"."lectura" >= 0)
);
--> statement-breakpoint
CREATE TABLE "maquina_mantenimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maquina_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_fin_prevista" date,
	"urgente" boolean DEFAULT false NOT NULL,
	"estado" text NOT NULL,
	"taller_id" uuid,
	"revision_id" uuid,
	"fecha_fin_real" date,
	"horometro" numeric(10, 1),
	"coste" numeric(14, 2),
	"resultado" text,
	"albaran_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "maquina_mantenimientos_estado_check" CHECK ("maquina_mantenimientos"."estado" IN ('programado', 'en_curso', 'finalizado', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "maquina_revisiones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maquina_id" uuid NOT NULL,
	"posicion" integer NOT NULL,
	"nombre" text NOT NULL,
	"cada_horas" integer,
	"cada_meses" integer,
	"aviso_horas" integer DEFAULT 25 NOT NULL,
	"aviso_dias" integer DEFAULT 30 NOT NULL,
	"ultima_fecha" date NOT NULL,
	"ultimas_horas" numeric(10, 1) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maquinas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'alquileres' NOT NULL,
	"codigo_interno" text NOT NULL,
	"tipo" text NOT NULL,
	"marca" text NOT NULL,
	"marca_normalizada" text NOT NULL,
	"modelo" text NOT NULL,
	"anio" integer NOT NULL,
	"numero_serie" text NOT NULL,
	"matricula" text,
	"fecha_matriculacion" date,
	"requiere_itv" boolean DEFAULT false NOT NULL,
	"horometro" numeric(10, 1) DEFAULT '0' NOT NULL,
	"horas_acumuladas" numeric(10, 1) DEFAULT '0' NOT NULL,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"tarifa_dia" numeric(14, 2) NOT NULL,
	"tarifa_semana" numeric(14, 2),
	"tarifa_mes" numeric(14, 2),
	"horas_incluidas_dia" integer DEFAULT 8 NOT NULL,
	"hora_extra" numeric(14, 2),
	"fianza" numeric(14, 2),
	"dias_preparacion" integer DEFAULT 0 NOT NULL,
	"peso_kg" numeric(10, 1) NOT NULL,
	"dimensiones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"combustible" text DEFAULT 'diesel' NOT NULL,
	"caracteristicas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fecha_adquisicion" date,
	"precio_adquisicion" numeric(14, 2),
	"proveedor_id" uuid,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"foto_archivo_id" uuid,
	"baja" jsonb,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "maquinas_empresa_check" CHECK ("maquinas"."empresa" = 'alquileres'),
	CONSTRAINT "maquinas_estado_check" CHECK ("maquinas"."estado" IN ('disponible', 'alquilada', 'en_taller', 'baja')),
	CONSTRAINT "maquinas_horometro_check" CHECK ("maquinas"."horometro" >= 0)
);
--> statement-breakpoint
ALTER TABLE "andamio_movimientos" ADD CONSTRAINT "andamio_movimientos_componente_id_andamio_componentes_id_fk" FOREIGN KEY ("componente_id") REFERENCES "andamio_componentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "andamio_stock" ADD CONSTRAINT "andamio_stock_componente_id_andamio_componentes_id_fk" FOREIGN KEY ("componente_id") REFERENCES "andamio_componentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_bloqueos" ADD CONSTRAINT "inventario_bloqueos_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_bloqueos" ADD CONSTRAINT "inventario_bloqueos_componente_id_andamio_componentes_id_fk" FOREIGN KEY ("componente_id") REFERENCES "andamio_componentes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_documentos" ADD CONSTRAINT "maquina_documentos_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_horometros" ADD CONSTRAINT "maquina_horometros_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_mantenimientos" ADD CONSTRAINT "maquina_mantenimientos_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_mantenimientos" ADD CONSTRAINT "maquina_mantenimientos_taller_id_partes_id_fk" FOREIGN KEY ("taller_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_mantenimientos" ADD CONSTRAINT "maquina_mantenimientos_revision_id_maquina_revisiones_id_fk" FOREIGN KEY ("revision_id") REFERENCES "maquina_revisiones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_revisiones" ADD CONSTRAINT "maquina_revisiones_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "maquinas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquinas" ADD CONSTRAINT "maquinas_proveedor_id_partes_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "andamio_componentes_codigo_key" ON "andamio_componentes" USING btree ("empresa","codigo");--> statement-breakpoint
CREATE INDEX "andamio_componentes_busqueda_trgm_idx" ON "andamio_componentes" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "andamio_movimientos_componente_idx" ON "andamio_movimientos" USING btree ("componente_id","fecha","orden");--> statement-breakpoint
CREATE INDEX "andamio_movimientos_albaran_idx" ON "andamio_movimientos" USING btree ("albaran_id") WHERE "andamio_movimientos"."albaran_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conceptos_codigo_key" ON "conceptos" USING btree ("empresa","codigo");--> statement-breakpoint
CREATE INDEX "conceptos_busqueda_trgm_idx" ON "conceptos" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventario_bloqueos_origen_idx" ON "inventario_bloqueos" USING btree ("origen_tipo","origen_id");--> statement-breakpoint
CREATE INDEX "inventario_bloqueos_maquina_idx" ON "inventario_bloqueos" USING btree ("maquina_id","desde") WHERE "inventario_bloqueos"."maquina_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "maquina_documentos_maquina_idx" ON "maquina_documentos" USING btree ("maquina_id","tipo");--> statement-breakpoint
CREATE INDEX "maquina_horometros_maquina_idx" ON "maquina_horometros" USING btree ("maquina_id","orden");--> statement-breakpoint
CREATE INDEX "maquina_mantenimientos_maquina_idx" ON "maquina_mantenimientos" USING btree ("maquina_id","fecha_inicio");--> statement-breakpoint
CREATE INDEX "maquina_revisiones_maquina_idx" ON "maquina_revisiones" USING btree ("maquina_id","posicion");--> statement-breakpoint
CREATE UNIQUE INDEX "maquinas_codigo_key" ON "maquinas" USING btree ("empresa","codigo_interno");--> statement-breakpoint
CREATE UNIQUE INDEX "maquinas_serie_key" ON "maquinas" USING btree ("empresa","marca_normalizada","numero_serie");--> statement-breakpoint
CREATE INDEX "maquinas_busqueda_trgm_idx" ON "maquinas" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maquinas_estado_idx" ON "maquinas" USING btree ("estado","codigo_interno");--> statement-breakpoint
ALTER TABLE "inventario_bloqueos" ADD CONSTRAINT "inventario_bloqueos_maquina_excl" EXCLUDE USING gist ("maquina_id" WITH =, "periodo" WITH &&) WHERE ("exclusivo" AND "estado" = 'activo');--> statement-breakpoint
CREATE INDEX "inventario_bloqueos_componente_gist_idx" ON "inventario_bloqueos" USING gist ("componente_id", "periodo") WHERE "estado" = 'activo' AND "componente_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inventario_bloqueos_maquina_gist_idx" ON "inventario_bloqueos" USING gist ("maquina_id", "periodo") WHERE "estado" = 'activo' AND "maquina_id" IS NOT NULL;
