-- The empresas' legal data (issue 11, finanzas.md §2): one row per empresa, printed on every
-- document's letterhead.
CREATE TABLE "emisores" (
	"empresa" text PRIMARY KEY NOT NULL,
	"razon_social" text NOT NULL,
	"nif" text NOT NULL,
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
	"telefono" text,
	"email" text,
	"iban" text NOT NULL,
	"bic" text,
	"registro_mercantil" text,
	"epigrafe_iae" text,
	"descripcion_operacion" text NOT NULL,
	"dias_vencimiento" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_sub" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_pais_id_paises_id_fk" FOREIGN KEY ("direccion_pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_provincia_id_provincias_id_fk" FOREIGN KEY ("direccion_provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_municipio_id_municipios_id_fk" FOREIGN KEY ("direccion_municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_ciudad_id_ciudades_id_fk" FOREIGN KEY ("direccion_ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_calle_id_calles_id_fk" FOREIGN KEY ("direccion_calle_id") REFERENCES "calles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emisores" ADD CONSTRAINT "emisores_direccion_codigo_postal_id_codigos_postales_id_fk" FOREIGN KEY ("direccion_codigo_postal_id") REFERENCES "codigos_postales"("id") ON DELETE restrict ON UPDATE no action;