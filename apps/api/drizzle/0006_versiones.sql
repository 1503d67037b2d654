-- Optimistic concurrency (docs/decisions/0018-optimistic-concurrency.md): every editable record
-- has a version, 1 when created and one more at every change.
ALTER TABLE "calles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ciudades" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "codigos_postales" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "municipios" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "paises" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "provincias" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "partes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The party records of the read model (0004) answer their version too: the view gains it and
-- every stored record is rebuilt from it.
CREATE OR REPLACE VIEW "partes_registros_fuente" AS
SELECT p.id, (
	jsonb_build_object(
		'_id', p.id, 'nombre', p.nombre, 'documento', p.documento, 'empresa', p.empresa,
		'activo', p.activo, 'archivos', p.archivos, 'contactos', p.contactos,
		'observaciones', p.observaciones, 'version', p.version,
		'direccion', jsonb_build_object(
			'paisId', p.direccion_pais_id, 'pais', pa.nombre,
			'provinciaId', p.direccion_provincia_id, 'provincia', pr.nombre,
			'municipioId', p.direccion_municipio_id, 'municipio', mu.nombre,
			'ciudadId', p.direccion_ciudad_id, 'ciudad', ci.nombre,
			'calleId', p.direccion_calle_id, 'calle', ca.nombre,
			'codigoPostalId', p.direccion_codigo_postal_id, 'codigoPostal', cp.valor,
			'altura', p.direccion_altura, 'planta', p.direccion_planta,
			'local', p.direccion_local, 'observacion', p.direccion_observacion),
		-- As Date.prototype.toISOString writes them.
		'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'createdBy', coalesce(p.created_by_email, p.created_by_sub),
		'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'updatedBy', coalesce(p.updated_by_email, p.updated_by_sub))
	-- Each type answers its own accounting set (DESIGN decision 1, domain CUENTAS_CONTABLES).
	|| CASE p.tipo
		WHEN 'proveedor' THEN jsonb_build_object(
			'cuentaContableProveedor', p.cuenta_contable_proveedor,
			'cuentaContableCompra', p.cuenta_contable_compra,
			'cuentaContableRetencion', p.cuenta_contable_retencion)
		ELSE jsonb_build_object(
			'cuentaContableCliente', p.cuenta_contable_cliente,
			'cuentaContableVenta', p.cuenta_contable_venta,
			'cuentaContableRetencion', p.cuenta_contable_retencion)
	END
)::text AS registro
FROM partes p
LEFT JOIN paises pa ON pa.id = p.direccion_pais_id
LEFT JOIN provincias pr ON pr.id = p.direccion_provincia_id
LEFT JOIN municipios mu ON mu.id = p.direccion_municipio_id
LEFT JOIN ciudades ci ON ci.id = p.direccion_ciudad_id
LEFT JOIN calles ca ON ca.id = p.direccion_calle_id
LEFT JOIN codigos_postales cp ON cp.id = p.direccion_codigo_postal_id;--> statement-breakpoint
UPDATE "partes_registros" r SET "registro" = f."registro" FROM "partes_registros_fuente" f WHERE f."id" = r."id";
