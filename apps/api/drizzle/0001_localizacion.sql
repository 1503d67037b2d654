-- Trigram indexes for partial, accent-free name searches (installed once per database, in public).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "calles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"ciudad_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calles_ciudad_nombre_key" UNIQUE("ciudad_id","nombre")
);
--> statement-breakpoint
CREATE TABLE "ciudades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"provincia_id" uuid NOT NULL,
	"municipio_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ciudades_municipio_nombre_key" UNIQUE("municipio_id","nombre")
);
--> statement-breakpoint
CREATE TABLE "codigos_postales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valor" text NOT NULL,
	"ciudad_id" uuid NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_postales_ciudad_valor_key" UNIQUE("ciudad_id","valor")
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"provincia_id" uuid NOT NULL,
	"codigo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "municipios_provincia_nombre_key" UNIQUE("provincia_id","nombre")
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"codigo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paises_nombre_key" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "provincias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"nombre_alternativo" text,
	"nombre_alternativo_busqueda" text,
	"pais_id" uuid NOT NULL,
	"codigo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provincias_pais_nombre_key" UNIQUE("pais_id","nombre")
);
--> statement-breakpoint
ALTER TABLE "calles" ADD CONSTRAINT "calles_ciudad_id_ciudades_id_fk" FOREIGN KEY ("ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ciudades" ADD CONSTRAINT "ciudades_provincia_id_provincias_id_fk" FOREIGN KEY ("provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ciudades" ADD CONSTRAINT "ciudades_municipio_id_municipios_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "municipios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_postales" ADD CONSTRAINT "codigos_postales_ciudad_id_ciudades_id_fk" FOREIGN KEY ("ciudad_id") REFERENCES "ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_provincia_id_provincias_id_fk" FOREIGN KEY ("provincia_id") REFERENCES "provincias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provincias" ADD CONSTRAINT "provincias_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "paises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ciudades_provincia_idx" ON "ciudades" USING btree ("provincia_id");--> statement-breakpoint
CREATE INDEX "codigos_postales_valor_idx" ON "codigos_postales" USING btree ("valor");