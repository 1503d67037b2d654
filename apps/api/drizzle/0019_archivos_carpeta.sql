ALTER TABLE "archivos" ADD COLUMN "carpeta" text;--> statement-breakpoint
-- A rental's files uploaded before folders existed go to its default folder (comercial.md §2).
UPDATE "archivos" SET "carpeta" = 'otros' WHERE "recurso" = 'alquiler';
