-- Uploaded files' metadata (issue 11, modules/README.md "Files"); the bytes live under
-- DATA_DIR/archivos.
CREATE TABLE "archivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurso" text NOT NULL,
	"registro_id" text NOT NULL,
	"empresa" text,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"tamano" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_sub" text,
	"created_by_email" text
);
--> statement-breakpoint
CREATE INDEX "archivos_registro_idx" ON "archivos" USING btree ("recurso","registro_id","created_at");--> statement-breakpoint
CREATE INDEX "archivos_sha256_idx" ON "archivos" USING btree ("sha256");