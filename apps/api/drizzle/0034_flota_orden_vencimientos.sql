ALTER TABLE "camion_vencimientos" ADD COLUMN "orden" integer;--> statement-breakpoint
ALTER TABLE "camiones" ADD COLUMN "etiqueta_orden" text;--> statement-breakpoint
ALTER TABLE "camiones" ADD COLUMN "etiqueta_orden_de" text;--> statement-breakpoint
ALTER TABLE "conductores" ADD COLUMN "etiqueta_orden" text;--> statement-breakpoint
ALTER TABLE "conductores" ADD COLUMN "etiqueta_orden_de" text;