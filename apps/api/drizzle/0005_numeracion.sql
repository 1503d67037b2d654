CREATE TABLE "contadores_documentos" (
	"empresa" text NOT NULL,
	"tipo" text NOT NULL,
	"anio" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "contadores_documentos_empresa_tipo_anio_pk" PRIMARY KEY("empresa","tipo","anio")
);
