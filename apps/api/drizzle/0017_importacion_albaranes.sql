CREATE TABLE "albaran_importacion_filas" (
	"importacion_id" uuid NOT NULL,
	"fila" integer NOT NULL,
	"estado" text NOT NULL,
	"valores" jsonb NOT NULL,
	"errores" jsonb NOT NULL,
	"avisos" jsonb NOT NULL,
	CONSTRAINT "albaran_importacion_filas_importacion_id_fila_pk" PRIMARY KEY("importacion_id","fila"),
	CONSTRAINT "albaran_importacion_filas_estado_check" CHECK ("albaran_importacion_filas"."estado" IN ('valida', 'error', 'duplicada'))
);
--> statement-breakpoint
CREATE TABLE "albaran_importaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"destino" text NOT NULL,
	"archivo" jsonb NOT NULL,
	"contenido" "bytea",
	"cabeceras" jsonb NOT NULL,
	"filas_leidas" jsonb NOT NULL,
	"total_filas" integer NOT NULL,
	"mapeo" jsonb,
	"opciones" jsonb,
	"estado" text DEFAULT 'subida' NOT NULL,
	"resumen" jsonb,
	"errores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resultado" jsonb,
	"motivo_fallo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "albaran_importaciones_destino_check" CHECK ("albaran_importaciones"."destino" IN ('alquiler', 'transporte')),
	CONSTRAINT "albaran_importaciones_estado_check" CHECK ("albaran_importaciones"."estado" IN ('subida', 'validada', 'importada', 'fallida', 'descartada'))
);
--> statement-breakpoint
CREATE TABLE "albaran_mapeos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"destino" text NOT NULL,
	"nombre" text,
	"firma_cabeceras" text,
	"mapeo" jsonb NOT NULL,
	"opciones" jsonb NOT NULL,
	"usado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "albaran_importacion_filas" ADD CONSTRAINT "albaran_importacion_filas_importacion_id_albaran_importaciones_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "albaran_importaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "albaran_importacion_filas_estado_idx" ON "albaran_importacion_filas" USING btree ("importacion_id","estado","fila");--> statement-breakpoint
CREATE INDEX "albaran_importaciones_recientes_idx" ON "albaran_importaciones" USING btree ("empresa","destino","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "albaran_mapeos_recordado_key" ON "albaran_mapeos" USING btree ("empresa","destino","firma_cabeceras") WHERE "albaran_mapeos"."nombre" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "albaran_mapeos_nombre_key" ON "albaran_mapeos" USING btree ("empresa","destino","nombre") WHERE "albaran_mapeos"."nombre" IS NOT NULL;