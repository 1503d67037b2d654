CREATE TABLE "obra_documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obra_id" uuid NOT NULL,
	"categoria" text NOT NULL,
	"fecha_documento" date,
	"vencimiento" date,
	"archivo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "obra_equipo" (
	"obra_id" uuid NOT NULL,
	"operario_id" uuid NOT NULL,
	"rol" text NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "obra_equipo_obra_id_operario_id_pk" PRIMARY KEY("obra_id","operario_id")
);
--> statement-breakpoint
CREATE TABLE "obras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'verticales' NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"direccion_pais_id" uuid,
	"direccion_provincia_id" uuid,
	"direccion_municipio_id" uuid,
	"direccion_ciudad_id" uuid,
	"direccion_calle_id" uuid,
	"direccion_codigo_postal_id" uuid,
	"direccion_altura" integer,
	"direccion_planta" text,
	"direccion_local" text,
	"direccion_observacion" text,
	"descripcion" text,
	"tipo_trabajo" text NOT NULL,
	"fecha_inicio_prevista" date,
	"fecha_fin_prevista" date,
	"fecha_inicio_real" date,
	"fecha_fin_real" date,
	"estado" text DEFAULT 'presupuestada' NOT NULL,
	"motivo_estado" text,
	"importe_presupuesto" numeric(14, 2),
	"progreso" integer DEFAULT 0 NOT NULL,
	"responsable" text,
	"coordinador_seguridad" text,
	"apertura_fecha" date,
	"apertura_referencia" text,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "obras_empresa_check" CHECK ("obras"."empresa" = 'verticales'),
	CONSTRAINT "obras_progreso_check" CHECK ("obras"."progreso" BETWEEN 0 AND 100),
	CONSTRAINT "obras_estado_check" CHECK ("obras"."estado" IN ('presupuestada', 'planificada', 'en_curso', 'pausada', 'finalizada', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "operario_certificaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operario_id" uuid NOT NULL,
	"orden" integer NOT NULL,
	"esquema" text NOT NULL,
	"nivel" integer NOT NULL,
	"numero" text,
	"fecha_emision" date NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	CONSTRAINT "operario_certificaciones_nivel_check" CHECK ("operario_certificaciones"."nivel" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "operarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'verticales' NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"documento" text NOT NULL,
	"telefono" text,
	"correo" text,
	"activo" boolean DEFAULT true NOT NULL,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formaciones_prl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reconocimiento_medico" jsonb,
	"tpc" jsonb,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "operarios_empresa_check" CHECK ("operarios"."empresa" = 'verticales')
);
--> statement-breakpoint
CREATE TABLE "parte_trabajo_fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parte_trabajo_id" uuid NOT NULL,
	"archivo_id" uuid NOT NULL,
	"miniatura_archivo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parte_trabajo_operarios" (
	"parte_trabajo_id" uuid NOT NULL,
	"operario_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"horas" numeric(5, 2) NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "parte_trabajo_operarios_parte_trabajo_id_operario_id_pk" PRIMARY KEY("parte_trabajo_id","operario_id")
);
--> statement-breakpoint
CREATE TABLE "partes_trabajo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obra_id" uuid NOT NULL,
	"numero" text,
	"fecha" date NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"trabajo_en_cuerda" boolean DEFAULT true NOT NULL,
	"tareas" text NOT NULL,
	"incidencias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"viento_kmh" integer,
	"lluvia" boolean,
	"avance" integer,
	"observaciones" text,
	"cerrado_por" text,
	"cerrado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "partes_trabajo_estado_check" CHECK ("partes_trabajo"."estado" IN ('borrador', 'cerrado'))
);
--> statement-breakpoint
ALTER TABLE "obra_documentos" ADD CONSTRAINT "obra_documentos_obra_id_obras_id_fk" FOREIGN KEY ("obra_id") REFERENCES "obras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obra_equipo" ADD CONSTRAINT "obra_equipo_obra_id_obras_id_fk" FOREIGN KEY ("obra_id") REFERENCES "obras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obra_equipo" ADD CONSTRAINT "obra_equipo_operario_id_operarios_id_fk" FOREIGN KEY ("operario_id") REFERENCES "operarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_cliente_id_partes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_pais_id_paises_id_fk" FOREIGN KEY ("direccion_pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_provincia_id_provincias_id_fk" FOREIGN KEY ("direccion_provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_municipio_id_municipios_id_fk" FOREIGN KEY ("direccion_municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_ciudad_id_ciudades_id_fk" FOREIGN KEY ("direccion_ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_calle_id_calles_id_fk" FOREIGN KEY ("direccion_calle_id") REFERENCES "calles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obras" ADD CONSTRAINT "obras_direccion_codigo_postal_id_codigos_postales_id_fk" FOREIGN KEY ("direccion_codigo_postal_id") REFERENCES "codigos_postales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operario_certificaciones" ADD CONSTRAINT "operario_certificaciones_operario_id_operarios_id_fk" FOREIGN KEY ("operario_id") REFERENCES "operarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parte_trabajo_fotos" ADD CONSTRAINT "parte_trabajo_fotos_parte_trabajo_id_partes_trabajo_id_fk" FOREIGN KEY ("parte_trabajo_id") REFERENCES "partes_trabajo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ADD CONSTRAINT "parte_trabajo_operarios_parte_trabajo_id_partes_trabajo_id_fk" FOREIGN KEY ("parte_trabajo_id") REFERENCES "partes_trabajo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parte_trabajo_operarios" ADD CONSTRAINT "parte_trabajo_operarios_operario_id_operarios_id_fk" FOREIGN KEY ("operario_id") REFERENCES "operarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partes_trabajo" ADD CONSTRAINT "partes_trabajo_obra_id_obras_id_fk" FOREIGN KEY ("obra_id") REFERENCES "obras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "obra_documentos_obra_idx" ON "obra_documentos" USING btree ("obra_id","categoria");--> statement-breakpoint
CREATE INDEX "obra_equipo_operario_idx" ON "obra_equipo" USING btree ("operario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "obras_codigo_key" ON "obras" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "obras_busqueda_trgm_idx" ON "obras" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "obras_estado_inicio_idx" ON "obras" USING btree ("estado","fecha_inicio_prevista");--> statement-breakpoint
CREATE INDEX "obras_cliente_idx" ON "obras" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "operario_certificaciones_operario_idx" ON "operario_certificaciones" USING btree ("operario_id","orden");--> statement-breakpoint
CREATE UNIQUE INDEX "operarios_documento_key" ON "operarios" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "operarios_busqueda_trgm_idx" ON "operarios" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parte_trabajo_fotos_parte_idx" ON "parte_trabajo_fotos" USING btree ("parte_trabajo_id","created_at");--> statement-breakpoint
CREATE INDEX "parte_trabajo_operarios_dia_idx" ON "parte_trabajo_operarios" USING btree ("operario_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "partes_trabajo_numero_key" ON "partes_trabajo" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "partes_trabajo_obra_fecha_idx" ON "partes_trabajo" USING btree ("obra_id","fecha" DESC NULLS LAST);