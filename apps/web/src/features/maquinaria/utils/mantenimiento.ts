// §2.4 maintenance: the domain's schemas (the API validates with the same ones).
export {
  finalizarMantenimientoSchema as finalizarSchema,
  mantenimientoCreateSchema,
  type Mantenimiento,
} from '@tvsistema/domain';
