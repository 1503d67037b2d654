CREATE TABLE "camion_asignaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"conductor_id" uuid NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camion_documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"archivo_id" uuid NOT NULL,
	"categoria" text NOT NULL,
	"fecha_documento" date,
	"vencimiento" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE TABLE "camion_itv" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"estacion" text,
	"resultado" text NOT NULL,
	"km" integer,
	"observaciones" text,
	"informe_archivo_id" uuid,
	"proxima_itv" date,
	"plazo_subsanacion" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camion_lecturas_km" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"km" integer NOT NULL,
	"origen" text NOT NULL,
	"origen_id" uuid,
	"confirmada" boolean DEFAULT false NOT NULL,
	"registrado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camion_lecturas_km_check" CHECK ("camion_lecturas_km"."km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "camion_mantenimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"km" integer,
	"tipo" text NOT NULL,
	"taller_id" uuid,
	"descripcion" text,
	"coste" numeric(14, 2) DEFAULT '0' NOT NULL,
	"numero_factura" text,
	"compra_id" text,
	"proxima_fecha" date,
	"proximo_km" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camion_vencimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camion_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"concepto" text NOT NULL,
	"fecha" date,
	"km_restantes" integer,
	"fecha_estimada" date
);
--> statement-breakpoint
CREATE TABLE "camiones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'transporte' NOT NULL,
	"matricula" text NOT NULL,
	"bastidor" text NOT NULL,
	"tipo" text NOT NULL,
	"carroceria" text,
	"marca" text NOT NULL,
	"modelo" text NOT NULL,
	"fecha_primera_matriculacion" date NOT NULL,
	"fecha_alta" date NOT NULL,
	"mma_kg" integer NOT NULL,
	"tara_kg" integer NOT NULL,
	"autorizacion" jsonb,
	"seguro" jsonb,
	"tacografo" jsonb,
	"itv_proxima_inicial" date,
	"itv_hasta" date NOT NULL,
	"conductor_habitual_id" uuid,
	"estado" text DEFAULT 'activo' NOT NULL,
	"fecha_baja" date,
	"motivo_baja" text,
	"fecha_entrada_taller" date,
	"km_actual" integer,
	"km_fecha" date,
	"no_apto_fijo" boolean DEFAULT false NOT NULL,
	"no_apto_desde" date,
	"observaciones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busqueda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"updated_by_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "camiones_empresa_check" CHECK ("camiones"."empresa" = 'transporte'),
	CONSTRAINT "camiones_estado_check" CHECK ("camiones"."estado" IN ('activo', 'en_taller', 'baja')),
	CONSTRAINT "camiones_masas_check" CHECK ("camiones"."tara_kg" > 0 AND "camiones"."tara_kg" < "camiones"."mma_kg")
);
--> statement-breakpoint
CREATE TABLE "conductores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text DEFAULT 'transporte' NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"documento" text NOT NULL,
	"telefono" text,
	"correo" text,
	"clases_permiso" jsonb NOT NULL,
	"permiso_vencimiento" date NOT NULL,
	"cap_vencimiento" date,
	"tarjeta_tacografo" jsonb,
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
	CONSTRAINT "conductores_empresa_check" CHECK ("conductores"."empresa" = 'transporte')
);
--> statement-breakpoint
ALTER TABLE "camion_asignaciones" ADD CONSTRAINT "camion_asignaciones_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_asignaciones" ADD CONSTRAINT "camion_asignaciones_conductor_id_conductores_id_fk" FOREIGN KEY ("conductor_id") REFERENCES "conductores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_documentos" ADD CONSTRAINT "camion_documentos_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_itv" ADD CONSTRAINT "camion_itv_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_lecturas_km" ADD CONSTRAINT "camion_lecturas_km_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_mantenimientos" ADD CONSTRAINT "camion_mantenimientos_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_mantenimientos" ADD CONSTRAINT "camion_mantenimientos_taller_id_partes_id_fk" FOREIGN KEY ("taller_id") REFERENCES "partes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camion_vencimientos" ADD CONSTRAINT "camion_vencimientos_camion_id_camiones_id_fk" FOREIGN KEY ("camion_id") REFERENCES "camiones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camiones" ADD CONSTRAINT "camiones_conductor_habitual_id_conductores_id_fk" FOREIGN KEY ("conductor_habitual_id") REFERENCES "conductores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camion_asignaciones_camion_idx" ON "camion_asignaciones" USING btree ("camion_id","desde");--> statement-breakpoint
CREATE UNIQUE INDEX "camion_documentos_archivo_key" ON "camion_documentos" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "camion_documentos_camion_idx" ON "camion_documentos" USING btree ("camion_id");--> statement-breakpoint
CREATE INDEX "camion_itv_camion_idx" ON "camion_itv" USING btree ("camion_id","fecha");--> statement-breakpoint
CREATE INDEX "camion_lecturas_km_camion_idx" ON "camion_lecturas_km" USING btree ("camion_id","fecha" DESC NULLS LAST,"km" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camion_mantenimientos_camion_idx" ON "camion_mantenimientos" USING btree ("camion_id","tipo","fecha");--> statement-breakpoint
CREATE INDEX "camion_vencimientos_fecha_idx" ON "camion_vencimientos" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "camion_vencimientos_km_idx" ON "camion_vencimientos" USING btree ("km_restantes");--> statement-breakpoint
CREATE INDEX "camion_vencimientos_camion_idx" ON "camion_vencimientos" USING btree ("camion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "camiones_matricula_key" ON "camiones" USING btree ("matricula");--> statement-breakpoint
CREATE UNIQUE INDEX "camiones_bastidor_key" ON "camiones" USING btree ("bastidor");--> statement-breakpoint
CREATE INDEX "camiones_estado_idx" ON "camiones" USING btree ("estado","matricula");--> statement-breakpoint
CREATE INDEX "camiones_busqueda_trgm_idx" ON "camiones" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "conductores_documento_key" ON "conductores" USING btree ("documento");