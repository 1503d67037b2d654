-- The shared audit table (issue 11, docs/decisions/0019-historial.md): one row per change of any
-- record, written in the change's transaction.
CREATE TABLE "historial" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_sub" text,
	"usuario_email" text,
	"recurso" text NOT NULL,
	"registro_id" text NOT NULL,
	"empresa" text,
	"accion" text NOT NULL,
	"cambios" jsonb NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "historial_registro_idx" ON "historial" USING btree ("recurso","registro_id","fecha","id");