import { describe, expect, test } from 'vitest';
import type { RegistroRow } from './facturas.repository.js';
import { leerRespuestaAeat, leerXml, respuestasDeRegistros } from './verifactu.respuesta.js';

// finanzas.md rule 13: the AEAT's answers (RespuestaSuministro.xsd, SOAP 1.1 Faults) read into
// one RespuestaEnvio per record.

const NIF = '89890001K';
const registro = (orden: number, numero: string, tipo = 'alta'): RegistroRow => ({
  orden,
  empresa: 'transporte',
  nif: NIF,
  tipo,
  subsanacion: false,
  rechazoPrevio: 'N',
  facturaId: '7d0c1d38-2f7b-4a55-9a53-0d7c2a3f1e11',
  numSerieFactura: numero,
  fechaExpedicionFactura: '2026-03-02',
  tipoFactura: tipo === 'alta' ? 'F1' : null,
  cuotaTotal: null,
  importeTotal: null,
  registroAnteriorOrden: null,
  huellaAnterior: null,
  fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
  cadena: '',
  huella: 'A'.repeat(64),
  contenido: {},
  createdAt: new Date('2026-03-02T09:15:00Z'),
});

const linea = (numero: string, estado: string, extra = '', operacion = 'Alta') => `
  <tikR:RespuestaLinea>
    <tikR:IDFactura>
      <tik:IDEmisorFactura>${NIF}</tik:IDEmisorFactura>
      <tik:NumSerieFactura>${numero}</tik:NumSerieFactura>
      <tik:FechaExpedicionFactura>02-03-2026</tik:FechaExpedicionFactura>
    </tikR:IDFactura>
    <tikR:Operacion><tik:TipoOperacion>${operacion}</tik:TipoOperacion></tikR:Operacion>
    <tikR:EstadoRegistro>${estado}</tikR:EstadoRegistro>${extra}
  </tikR:RespuestaLinea>`;

const respuesta = (estadoEnvio: string, lineas: string) => `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
  <env:Header/>
  <env:Body Id="Body">
    <tikR:RespuestaRegFactuSistemaFacturacion
      xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd"
      xmlns:tik="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd">
      <tikR:CSV>A-YDSW8NLFLANWPM</tikR:CSV>
      <tikR:DatosPresentacion>
        <tik:NIFPresentador>${NIF}</tik:NIFPresentador>
        <tik:TimestampPresentacion>2026-03-02T10:15:03+01:00</tik:TimestampPresentacion>
      </tikR:DatosPresentacion>
      <tikR:Cabecera>
        <tik:ObligadoEmision>
          <tik:NombreRazon>Transportes Vall S.L.</tik:NombreRazon>
          <tik:NIF>${NIF}</tik:NIF>
        </tik:ObligadoEmision>
      </tikR:Cabecera>
      <tikR:TiempoEsperaEnvio>120</tikR:TiempoEsperaEnvio>
      <tikR:EstadoEnvio>${estadoEnvio}</tikR:EstadoEnvio>${lineas}
    </tikR:RespuestaRegFactuSistemaFacturacion>
  </env:Body>
</env:Envelope>`;

describe('leerRespuestaAeat / respuestasDeRegistros', () => {
  test('a partly correct envío: CSV, EstadoEnvio, TiempoEsperaEnvio and each line by its IDFactura', () => {
    // The lines come back in another order than sent: each record finds its own.
    const xml = respuesta(
      'ParcialmenteCorrecto',
      linea(
        'F2026-00003',
        'Incorrecto',
        `<tikR:CodigoErrorRegistro>1105</tikR:CodigoErrorRegistro>
         <tikR:DescripcionErrorRegistro>El NIF del destinatario &lt;B0&gt; no está identificado &amp; censado.</tikR:DescripcionErrorRegistro>`,
      ) +
        linea(
          'F2026-00002',
          'AceptadoConErrores',
          `<tikR:CodigoErrorRegistro>2000</tikR:CodigoErrorRegistro>
           <tikR:DescripcionErrorRegistro>El cálculo de la huella no es correcto.</tikR:DescripcionErrorRegistro>`,
        ) +
        linea('F2026-00001', 'Correcto'),
    );
    const leida = leerRespuestaAeat(xml);
    expect(leida).toMatchObject({
      tipo: 'respuesta',
      csv: 'A-YDSW8NLFLANWPM',
      estadoEnvio: 'ParcialmenteCorrecto',
      tiempoEsperaEnvio: 120,
    });
    const registros = [
      registro(1, 'F2026-00001'),
      registro(2, 'F2026-00002'),
      registro(3, 'F2026-00003'),
      registro(4, 'F2026-00004'),
    ];
    expect(respuestasDeRegistros(registros, leida)).toEqual([
      { estado: 'aceptado', csvAeat: 'A-YDSW8NLFLANWPM' },
      {
        estado: 'aceptado_con_errores',
        csvAeat: 'A-YDSW8NLFLANWPM',
        codigoError: '2000',
        descripcionError: 'El cálculo de la huella no es correcto.',
      },
      {
        estado: 'rechazado',
        codigoError: '1105',
        descripcionError: 'El NIF del destinatario <B0> no está identificado & censado.',
      },
      {
        estado: 'error_conexion',
        codigoError: null,
        descripcionError: 'La respuesta de la AEAT no incluye este registro.',
      },
    ]);
  });

  test('an alta and its anulación of the same invoice in one envío match by operation', () => {
    const xml = respuesta(
      'Correcto',
      linea('F2026-00001', 'Correcto', '', 'Anulacion') + linea('F2026-00001', 'Correcto'),
    );
    const [a, b] = respuestasDeRegistros(
      [registro(1, 'F2026-00001'), registro(2, 'F2026-00001', 'anulacion')],
      leerRespuestaAeat(xml),
    );
    expect(a?.estado).toBe('aceptado');
    expect(b?.estado).toBe('aceptado');
  });

  test('a duplicate the AEAT already accepted (a retry whose answer was lost) is aceptado', () => {
    const xml = respuesta(
      'Incorrecto',
      linea(
        'F2026-00001',
        'Incorrecto',
        `<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro>
         <tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>
         <tikR:RegistroDuplicado>
           <tik:IdPeticionRegistroDuplicado>202603021015</tik:IdPeticionRegistroDuplicado>
           <tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado>
         </tikR:RegistroDuplicado>`,
      ),
    );
    expect(respuestasDeRegistros([registro(1, 'F2026-00001')], leerRespuestaAeat(xml))).toEqual([
      {
        estado: 'aceptado',
        csvAeat: 'A-YDSW8NLFLANWPM',
        codigoError: '3000',
        descripcionError: 'Registro de facturación duplicado.',
      },
    ]);
  });

  test('a SOAP Fault rejects every record of the envío with its faultstring', () => {
    const fault = `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
  <env:Body>
    <env:Fault>
      <faultcode>env:Client</faultcode>
      <faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon</faultstring>
    </env:Fault>
  </env:Body>
</env:Envelope>`;
    const leida = leerRespuestaAeat(fault);
    expect(respuestasDeRegistros([registro(1, 'A'), registro(2, 'B')], leida)).toEqual(
      Array.from({ length: 2 }, () => ({
        estado: 'rechazado',
        codigoError: 'env:Client',
        descripcionError:
          'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon',
      })),
    );
  });

  test('neither an answer nor a Fault, or not XML: an error the sender turns into a retry', () => {
    expect(() => leerRespuestaAeat('<html><body>Bad gateway</body></html>')).toThrow(
      'no contiene RespuestaRegFactuSistemaFacturacion',
    );
    expect(() => leerRespuestaAeat('Service Unavailable')).toThrow('bien formado');
    expect(() => leerRespuestaAeat('<a><b></a>')).toThrow('bien formado');
    expect(() => leerRespuestaAeat('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(
      'no es un XML',
    );
  });
});

describe('leerXml', () => {
  test('local names, text with entities and character references, CDATA, empty elements', () => {
    const doc = leerXml(
      '<?xml version="1.0"?><!-- c --><p:a x="1" y=\'2\'><b>&lt;&#65;&#x42;&quot;</b><c/><d><![CDATA[<e>]]></d></p:a>',
    );
    expect(doc.nombre).toBe('a');
    expect(doc.hijos.map((h) => [h.nombre, h.texto])).toEqual([
      ['b', '<AB"'],
      ['c', ''],
      ['d', '<e>'],
    ]);
  });
});
