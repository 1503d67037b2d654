CREATE TABLE "preferencias_usuario" (
	"sub" text PRIMARY KEY NOT NULL,
	"sistema_por_defecto" text,
	"vista_listas" text,
	"tamano_pagina" integer,
	"densidad" text DEFAULT 'normal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
