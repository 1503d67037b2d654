import { diasEntre } from '@tvsistema/domain/fechas';
import { FLOTA_MESSAGES as M, KM_DIA_MAXIMO } from '@tvsistema/domain/flota';
import { conflicto } from './flota-comun.js';

// §4.4: a reading fits between the ones before and after it, and a jump over 1 500 km a day
// needs a confirmation. Mantenimiento and ITV km pass the same check.

type Punto = { fecha: string; km: number };

const refusal = (texto: string) => conflicto(texto, [`km: ${texto}`]);

export const comprobarLectura = (
  lecturas: readonly Punto[],
  nueva: Punto & { confirmada?: boolean | undefined },
) => {
  let antes: Punto | undefined;
  let despues: Punto | undefined;
  let previa: Punto | undefined;
  for (const l of lecturas) {
    if (l.fecha <= nueva.fecha) {
      if (!antes || l.km > antes.km) antes = l;
      if (!previa || l.fecha > previa.fecha || (l.fecha === previa.fecha && l.km > previa.km))
        previa = l;
    } else if (!despues || l.km < despues.km || (l.km === despues.km && l.fecha < despues.fecha))
      despues = l;
  }
  if (antes && nueva.km < antes.km) throw refusal(M.kmInferior(nueva.km, antes.fecha, antes.km));
  if (despues && nueva.km > despues.km)
    throw refusal(M.kmSupera(nueva.km, despues.fecha, despues.km));
  if (previa && nueva.confirmada !== true) {
    const dias = diasEntre(previa.fecha, nueva.fecha);
    const diferencia = nueva.km - previa.km;
    if (diferencia / Math.max(1, dias) > KM_DIA_MAXIMO)
      throw refusal(M.kmInusual(diferencia, dias));
  }
};
