import {
  albaranCreateSchema,
  camposImportacion,
  IMPORTACION_MESSAGES as IM,
  LOGISTICA_MESSAGES as M,
  instanteMadrid,
  parsearDecimalImportacion,
  parsearEstadoMaterialImportacion,
  parsearFechaImportacion,
  parsearHoraImportacion,
  parsearTipoAlbaranImportacion,
  type AlbaranCreate,
  type OpcionesImportacion,
} from '@tvsistema/domain/logistica';
import type { Executor } from '../../db/executor.js';
import { HttpError } from '../../http/errors.js';
import {
  alquileresPorNumero,
  articulosPorCodigo,
  referenciasVivas,
} from './importacion.repository.js';
import type { FilaLeida } from './importacion.table.js';
import type { Juicio } from './importacion-tipos.js';
import type { Usuario } from './logistica-comun.js';

// logistica.md R19 for rental albaranes: rows sharing Referencia form one albarán whose header
// columns must agree; a bad row refuses its whole albarán; each albarán is then tried through the
// albarán service itself (borrador rules, or the emission of §3 with `estadoInicial = emitido`)
// inside savepoints that are rolled back, so R2–R6 and R8 answer exactly as they will on confirm.

export type GrupoAlquiler = {
  referencia: string;
  filas: number[];
  fecha: string;
  body: AlbaranCreate;
};
export type CrearEnTx = (
  tx: Executor,
  user: Usuario,
  body: AlbaranCreate,
  opciones?: { importacionId?: string | null },
) => Promise<{ id: string; numero: string | null }>;

/** Header columns: every row of one albarán must say the same (R19). */
const CABECERA = [
  'tipo',
  'alquilerNumero',
  'fecha',
  'hora',
  'matricula',
  'conductor',
  'observaciones',
];
const mayus = (v: string) => v.trim().toUpperCase();

class Simulacion extends Error {}

export const juzgarAlquiler = async (
  tx: Executor,
  filas: readonly FilaLeida[],
  cabeceras: readonly string[],
  mapeo: Record<string, string>,
  opciones: OpcionesImportacion,
  crearEnTx: CrearEnTx,
  user: Usuario,
): Promise<{ juicios: Juicio[]; grupos: GrupoAlquiler[] }> => {
  const campos = camposImportacion('alquiler');
  const indice = new Map(cabeceras.map((c, i) => [c, i]));
  const juicios: Juicio[] = filas.map((f) => {
    const valores: Record<string, string> = {};
    for (const c of campos) {
      const i = mapeo[c.key] !== undefined ? indice.get(mapeo[c.key] as string) : undefined;
      if (i !== undefined) valores[c.key] = (f.celdas[i] ?? '').trim();
    }
    return { fila: f.fila, estado: 'valida', valores, errores: [], avisos: [], albaran: null };
  });
  const error = (j: Juicio, key: string | null, mensaje: string) =>
    j.errores.push({
      fila: j.fila,
      columna: key ? (mapeo[key] ?? null) : null,
      valor: key ? (j.valores[key] ?? '') : null,
      mensaje,
    });

  const alquileres = new Map(
    (
      await alquileresPorNumero(tx, [
        ...new Set(juicios.map((j) => mayus(j.valores['alquilerNumero'] ?? '')).filter(Boolean)),
      ])
    ).map((a) => [mayus(a.numero), a]),
  );
  const articulos = new Map(
    (
      await articulosPorCodigo(tx, [
        ...new Set(juicios.map((j) => mayus(j.valores['articuloCodigo'] ?? '')).filter(Boolean)),
      ])
    ).map((a) => [mayus(a.codigo), a]),
  );

  type Leida = {
    tipo: 'entrega' | 'recogida' | null;
    fecha: string | null;
    hora: string | null;
    cantidad: string | null;
    estadoMaterial: 'correcto' | 'danado' | 'falta' | null;
    horometro: string | null;
    precio: string | null;
  };
  const leidas = new Map<number, Leida>();
  for (const j of juicios) {
    const v = j.valores;
    for (const c of campos)
      if (c.obligatorio && !v[c.key]) error(j, c.key, IM.obligatorio(c.cabecera));
    const tipo = v['tipo'] ? parsearTipoAlbaranImportacion(v['tipo']) : null;
    if (v['tipo'] && !tipo) error(j, 'tipo', IM.tipoNoValido(v['tipo']));
    if (v['alquilerNumero'] && !alquileres.has(mayus(v['alquilerNumero'])))
      error(j, 'alquilerNumero', IM.alquilerNoEncontrado(v['alquilerNumero']));
    const fecha = v['fecha'] ? parsearFechaImportacion(v['fecha'], opciones.formatoFecha) : null;
    if (v['fecha'] && !fecha)
      error(j, 'fecha', IM.fechaNoValida(v['fecha'], opciones.formatoFecha));
    const hora = v['hora'] ? parsearHoraImportacion(v['hora']) : null;
    if (v['hora'] && !hora) error(j, 'hora', IM.horaNoValida(v['hora']));
    if (v['articuloCodigo'] && !articulos.has(mayus(v['articuloCodigo'])))
      error(j, 'articuloCodigo', IM.articuloNoEncontrado(v['articuloCodigo']));
    const cantidad = v['cantidad']
      ? parsearDecimalImportacion(v['cantidad'], opciones.separadorDecimal)
      : null;
    if (v['cantidad'] && (cantidad === null || Number(cantidad) <= 0))
      error(j, 'cantidad', IM.numeroNoValido(v['cantidad']));
    const estadoMaterial = parsearEstadoMaterialImportacion(v['estadoMaterial'] ?? '');
    if (!estadoMaterial)
      error(j, 'estadoMaterial', IM.estadoMaterialNoValido(v['estadoMaterial'] ?? ''));
    const horometro = v['horometro']
      ? parsearDecimalImportacion(v['horometro'], opciones.separadorDecimal)
      : null;
    if (v['horometro'] && horometro === null)
      error(j, 'horometro', IM.numeroNoValido(v['horometro']));
    const precio = v['precio']
      ? parsearDecimalImportacion(v['precio'], opciones.separadorDecimal)
      : null;
    if (v['precio'] && precio === null) error(j, 'precio', IM.numeroNoValido(v['precio']));
    leidas.set(j.fila, { tipo, fecha, hora, cantidad, estadoMaterial, horometro, precio });
  }

  // One albarán per Referencia, in file order; header columns must agree with its first row.
  const grupos = new Map<string, Juicio[]>();
  for (const j of juicios) {
    const ref = j.valores['referenciaExterna'];
    if (!ref) continue;
    grupos.set(ref, [...(grupos.get(ref) ?? []), j]);
  }
  for (const [ref, miembros] of grupos) {
    const primera = miembros[0] as Juicio;
    for (const j of miembros.slice(1))
      for (const key of CABECERA)
        if (mayus(j.valores[key] ?? '') !== mayus(primera.valores[key] ?? ''))
          error(j, key, IM.filaNoCoincide(j.fila, primera.fila, mapeo[key] ?? key, ref));
  }
  // Rows without a reference stand alone (already in error: Referencia is required).
  const refusar = (miembros: Juicio[]) => {
    const mala = miembros.find((j) => j.errores.length > 0);
    if (!mala) return false;
    for (const j of miembros) {
      j.estado = 'error';
      if (j.errores.length === 0) error(j, null, IM.mismoAlbaranConErrores(mala.fila));
    }
    return true;
  };
  for (const j of juicios) if (!j.valores['referenciaExterna']) j.estado = 'error';

  // Bodies of the albaranes whose rows are all well formed.
  const candidatos: { ref: string; miembros: Juicio[]; body: AlbaranCreate; fecha: string }[] = [];
  for (const [ref, miembros] of grupos) {
    if (refusar(miembros)) continue;
    const p = leidas.get((miembros[0] as Juicio).fila) as Leida;
    const alquiler = alquileres.get(mayus(miembros[0]?.valores['alquilerNumero'] ?? ''));
    if (!alquiler || !p.tipo || !p.fecha) continue;
    const porArticulo = new Map<
      string,
      {
        clase: 'maquina' | 'andamio' | 'concepto';
        articuloId: string;
        cantidad: number;
        correcto: number;
        danado: number;
        falta: number;
        observacionDano: string[];
        horometro?: string;
        precioUnitario?: string;
      }
    >();
    for (const j of miembros) {
      const l = leidas.get(j.fila) as Leida;
      const a = articulos.get(mayus(j.valores['articuloCodigo'] ?? ''));
      if (!a) continue;
      const clave = `${a.clase}:${a.id}`;
      const linea = porArticulo.get(clave) ?? {
        clase: a.clase,
        articuloId: a.id,
        cantidad: 0,
        correcto: 0,
        danado: 0,
        falta: 0,
        observacionDano: [],
      };
      const n = Number(l.cantidad);
      linea.cantidad += n;
      if (l.estadoMaterial === 'danado') linea.danado += n;
      else if (l.estadoMaterial === 'falta') linea.falta += n;
      else linea.correcto += n;
      if (j.valores['observacionDano']) linea.observacionDano.push(j.valores['observacionDano']);
      if (l.horometro) linea.horometro = l.horometro;
      if (l.precio) linea.precioUnitario = l.precio;
      porArticulo.set(clave, linea);
    }
    const primera = miembros[0] as Juicio;
    const entrada = {
      accion: opciones.estadoInicial === 'emitido' ? 'emitir' : 'guardar',
      tipo: p.tipo,
      alquilerId: alquiler._id,
      fechaHora: instanteMadrid(p.fecha, p.hora ?? '12:00'),
      matricula: primera.valores['matricula'] || undefined,
      conductor: primera.valores['conductor'] || undefined,
      referenciaExterna: ref,
      observaciones: primera.valores['observaciones'] || undefined,
      lineas: [...porArticulo.values()].map((l) => ({
        clase: l.clase,
        articuloId: l.articuloId,
        cantidad: String(Number(l.cantidad.toFixed(4))),
        ...(l.horometro ? { horometro: l.horometro } : {}),
        ...(l.precioUnitario && l.clase === 'concepto' ? { precioUnitario: l.precioUnitario } : {}),
        ...(p.tipo === 'recogida' && l.clase !== 'concepto'
          ? {
              correcto: l.correcto,
              danado: l.danado,
              falta: l.falta,
              ...(l.observacionDano.length > 0
                ? { observacionDano: l.observacionDano.join('; ').slice(0, 500) }
                : {}),
            }
          : {}),
      })),
    };
    const parsed = albaranCreateSchema.safeParse(entrada);
    if (!parsed.success) {
      error(primera, null, parsed.error.issues.map((i) => i.message).join('; '));
      refusar(miembros);
      continue;
    }
    candidatos.push({ ref, miembros, body: parsed.data, fecha: p.fecha });
  }

  // R15: a reference the client already has makes the albarán a duplicate.
  const clientes = new Map([...alquileres.values()].map((a) => [a._id, a.clienteId]));
  const vivas = await referenciasVivas(
    tx,
    'alquileres',
    [...new Set(candidatos.map((c) => clientes.get(c.body.alquilerId) as string))],
    candidatos.map((c) => c.ref),
  );
  const existente = new Map(vivas.map((v) => [`${v.clienteId}|${v.referencia}`, v.numero]));
  const aProbar = candidatos.filter((c) => {
    const numero = existente.get(`${clientes.get(c.body.alquilerId)}|${c.ref}`);
    if (numero === undefined) return true;
    for (const j of c.miembros) {
      j.estado = 'duplicada';
      error(j, 'referenciaExterna', M.referenciaDuplicada(numero ?? 'en borrador', c.ref));
    }
    return false;
  });

  // Each albarán through the service, in date then row order, in savepoints rolled back at the end.
  aProbar.sort((a, b) =>
    a.fecha === b.fecha
      ? (a.miembros[0]?.fila ?? 0) - (b.miembros[0]?.fila ?? 0)
      : a.fecha < b.fecha
        ? -1
        : 1,
  );
  const validos: GrupoAlquiler[] = [];
  try {
    await tx.transaction(async (simulacion) => {
      for (const c of aProbar) {
        try {
          await simulacion.transaction((sp) => crearEnTx(sp, user, c.body));
          validos.push({
            referencia: c.ref,
            filas: c.miembros.map((j) => j.fila),
            fecha: c.fecha,
            body: c.body,
          });
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          const primera = c.miembros[0] as Juicio;
          for (const m of e.errors?.length ? e.errors : [e.message]) error(primera, null, m);
          refusar(c.miembros);
        }
      }
      throw new Simulacion();
    });
  } catch (e) {
    if (!(e instanceof Simulacion)) throw e;
  }
  for (const j of juicios) if (j.errores.length > 0 && j.estado === 'valida') j.estado = 'error';
  return { juicios, grupos: validos };
};
