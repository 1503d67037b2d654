import { cadenaAlta, cadenaAnulacion, huella } from '@tvsistema/domain/finanzas';
import { describe, expect, test } from 'vitest';
import type { RegistroRow } from './facturas.repository.js';
import { elemento, escaparXml, peticionRegFactu, type ObligadoEmision } from './verifactu.soap.js';

// finanzas.md rules 12–13: the SOAP request, field by field, on the official vectors of rule 11.

const NIF = '89890001K';
const obligado: ObligadoEmision = { nombreRazon: 'Transportes & Grúas <Vall> S.L.', nif: NIF };
const PRIMERA = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const SEGUNDA = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const ANULACION = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

const SISTEMA = {
  NombreRazon: 'TVSistema',
  NombreSistemaInformatico: 'TVSistema',
  IdSistemaInformatico: 'TV',
  Version: '0.1.0',
  NumeroInstalacion: '1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

const base = {
  empresa: 'transporte',
  nif: NIF,
  facturaId: '7d0c1d38-2f7b-4a55-9a53-0d7c2a3f1e11',
  createdAt: new Date('2024-01-01T18:20:35Z'),
};

const datosAlta = {
  nif: NIF,
  numSerieFactura: '12345679/G34',
  fechaExpedicion: '2024-01-01',
  tipoFactura: 'F1',
  cuotaTotal: '12.35',
  importeTotal: '123.45',
  huellaAnterior: PRIMERA,
  fechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
};

/** The chained alta of rule 11's vectors, as a subsanación after a rejection (rule 12). */
const alta: RegistroRow = {
  ...base,
  orden: 2,
  tipo: 'alta',
  subsanacion: true,
  rechazoPrevio: 'X',
  numSerieFactura: datosAlta.numSerieFactura,
  fechaExpedicionFactura: datosAlta.fechaExpedicion,
  tipoFactura: 'F1',
  cuotaTotal: '12.35',
  importeTotal: '123.45',
  registroAnteriorOrden: 1,
  huellaAnterior: PRIMERA,
  fechaHoraHusoGenRegistro: datosAlta.fechaHoraHusoGenRegistro,
  cadena: cadenaAlta(datosAlta),
  huella: SEGUNDA,
  // As jsonb hands it back: keys in no particular order.
  contenido: {
    Huella: SEGUNDA,
    Desglose: [
      {
        Impuesto: '01',
        ClaveRegimen: '01',
        CuotaRepercutida: '12.35',
        TipoImpositivo: '10.00',
        CalificacionOperacion: 'S1',
        BaseImponibleOimporteNoSujeto: '111.10',
      },
    ],
    TipoHuella: '01',
    IDVersion: '1.0',
    CuotaTotal: '12.35',
    TipoFactura: 'F1',
    ImporteTotal: '123.45',
    Destinatarios: [{ NIF: 'B12345674', NombreRazon: "Hotel Miquel's" }],
    FechaOperacion: '31-12-2023',
    Encadenamiento: {
      RegistroAnterior: {
        Huella: PRIMERA,
        IDEmisorFactura: NIF,
        NumSerieFactura: '12345678/G33',
        FechaExpedicionFactura: '01-01-2024',
      },
    },
    NombreRazonEmisor: 'Transportes & Grúas <Vall> S.L.',
    SistemaInformatico: SISTEMA,
    DescripcionOperacion: 'Transporte de maquinaria',
  },
};

const anulacion: RegistroRow = {
  ...base,
  orden: 3,
  tipo: 'anulacion',
  subsanacion: false,
  rechazoPrevio: 'N',
  numSerieFactura: '12345679/G34',
  fechaExpedicionFactura: '2024-01-01',
  tipoFactura: null,
  cuotaTotal: null,
  importeTotal: null,
  registroAnteriorOrden: 2,
  huellaAnterior: SEGUNDA,
  fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
  cadena: cadenaAnulacion({
    nif: NIF,
    numSerieFactura: '12345679/G34',
    fechaExpedicion: '2024-01-01',
    huellaAnterior: SEGUNDA,
    fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
  }),
  huella: ANULACION,
  // An anulación stored before it kept its RegistroAnterior's invoice: only the Huella.
  contenido: {
    IDVersion: '1.0',
    Encadenamiento: { RegistroAnterior: { Huella: SEGUNDA } },
    SistemaInformatico: SISTEMA,
  },
};

/** The expected XML written readably: the whitespace between tags is not part of it. */
const xml = (s: string) => s.replace(/>\s+</g, '><').trim();

const SISTEMA_XML = `
  <sum1:SistemaInformatico>
    <sum1:NombreRazon>TVSistema</sum1:NombreRazon>
    <sum1:NIF>89890001K</sum1:NIF>
    <sum1:NombreSistemaInformatico>TVSistema</sum1:NombreSistemaInformatico>
    <sum1:IdSistemaInformatico>TV</sum1:IdSistemaInformatico>
    <sum1:Version>0.1.0</sum1:Version>
    <sum1:NumeroInstalacion>1</sum1:NumeroInstalacion>
    <sum1:TipoUsoPosibleSoloVerifactu>S</sum1:TipoUsoPosibleSoloVerifactu>
    <sum1:TipoUsoPosibleMultiOT>S</sum1:TipoUsoPosibleMultiOT>
    <sum1:IndicadorMultiplesOT>S</sum1:IndicadorMultiplesOT>
  </sum1:SistemaInformatico>`;

const ENVELOPE_INICIO = `<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sum="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd" xmlns:sum1="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd">
  <soapenv:Header/>
  <soapenv:Body>
    <sum:RegFactuSistemaFacturacion>
      <sum:Cabecera>
        <sum1:ObligadoEmision>
          <sum1:NombreRazon>Transportes &amp; Grúas &lt;Vall&gt; S.L.</sum1:NombreRazon>
          <sum1:NIF>89890001K</sum1:NIF>
        </sum1:ObligadoEmision>
      </sum:Cabecera>`;
const ENVELOPE_FIN = `
    </sum:RegFactuSistemaFacturacion>
  </soapenv:Body>
</soapenv:Envelope>`;

describe('peticionRegFactu (rule 12/13: the SOAP request)', () => {
  test('an alta, a subsanación after a rejection, every field in the schema order', () => {
    expect(peticionRegFactu(obligado, [alta])).toBe(
      xml(`${ENVELOPE_INICIO}
      <sum:RegistroFactura>
        <sum1:RegistroAlta>
          <sum1:IDVersion>1.0</sum1:IDVersion>
          <sum1:IDFactura>
            <sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>
            <sum1:NumSerieFactura>12345679/G34</sum1:NumSerieFactura>
            <sum1:FechaExpedicionFactura>01-01-2024</sum1:FechaExpedicionFactura>
          </sum1:IDFactura>
          <sum1:NombreRazonEmisor>Transportes &amp; Grúas &lt;Vall&gt; S.L.</sum1:NombreRazonEmisor>
          <sum1:Subsanacion>S</sum1:Subsanacion>
          <sum1:RechazoPrevio>X</sum1:RechazoPrevio>
          <sum1:TipoFactura>F1</sum1:TipoFactura>
          <sum1:FechaOperacion>31-12-2023</sum1:FechaOperacion>
          <sum1:DescripcionOperacion>Transporte de maquinaria</sum1:DescripcionOperacion>
          <sum1:Destinatarios>
            <sum1:IDDestinatario>
              <sum1:NombreRazon>Hotel Miquel&apos;s</sum1:NombreRazon>
              <sum1:NIF>B12345674</sum1:NIF>
            </sum1:IDDestinatario>
          </sum1:Destinatarios>
          <sum1:Desglose>
            <sum1:DetalleDesglose>
              <sum1:Impuesto>01</sum1:Impuesto>
              <sum1:ClaveRegimen>01</sum1:ClaveRegimen>
              <sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion>
              <sum1:TipoImpositivo>10.00</sum1:TipoImpositivo>
              <sum1:BaseImponibleOimporteNoSujeto>111.10</sum1:BaseImponibleOimporteNoSujeto>
              <sum1:CuotaRepercutida>12.35</sum1:CuotaRepercutida>
            </sum1:DetalleDesglose>
          </sum1:Desglose>
          <sum1:CuotaTotal>12.35</sum1:CuotaTotal>
          <sum1:ImporteTotal>123.45</sum1:ImporteTotal>
          <sum1:Encadenamiento>
            <sum1:RegistroAnterior>
              <sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>
              <sum1:NumSerieFactura>12345678/G33</sum1:NumSerieFactura>
              <sum1:FechaExpedicionFactura>01-01-2024</sum1:FechaExpedicionFactura>
              <sum1:Huella>${PRIMERA}</sum1:Huella>
            </sum1:RegistroAnterior>
          </sum1:Encadenamiento>
          ${SISTEMA_XML}
          <sum1:FechaHoraHusoGenRegistro>2024-01-01T19:20:35+01:00</sum1:FechaHoraHusoGenRegistro>
          <sum1:TipoHuella>01</sum1:TipoHuella>
          <sum1:Huella>${SEGUNDA}</sum1:Huella>
        </sum1:RegistroAlta>
      </sum:RegistroFactura>${ENVELOPE_FIN}`),
    );
  });

  test('an anulación, its previous record named from the lookup the sender gives', () => {
    const anteriores = new Map([
      [
        2,
        {
          nif: NIF,
          numSerieFactura: '12345679/G34',
          fechaExpedicionFactura: '2024-01-01',
          huella: SEGUNDA,
        },
      ],
    ]);
    expect(peticionRegFactu(obligado, [anulacion], anteriores)).toBe(
      xml(`${ENVELOPE_INICIO}
      <sum:RegistroFactura>
        <sum1:RegistroAnulacion>
          <sum1:IDVersion>1.0</sum1:IDVersion>
          <sum1:IDFactura>
            <sum1:IDEmisorFacturaAnulada>89890001K</sum1:IDEmisorFacturaAnulada>
            <sum1:NumSerieFacturaAnulada>12345679/G34</sum1:NumSerieFacturaAnulada>
            <sum1:FechaExpedicionFacturaAnulada>01-01-2024</sum1:FechaExpedicionFacturaAnulada>
          </sum1:IDFactura>
          <sum1:Encadenamiento>
            <sum1:RegistroAnterior>
              <sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>
              <sum1:NumSerieFactura>12345679/G34</sum1:NumSerieFactura>
              <sum1:FechaExpedicionFactura>01-01-2024</sum1:FechaExpedicionFactura>
              <sum1:Huella>${SEGUNDA}</sum1:Huella>
            </sum1:RegistroAnterior>
          </sum1:Encadenamiento>
          ${SISTEMA_XML}
          <sum1:FechaHoraHusoGenRegistro>2024-01-01T19:20:40+01:00</sum1:FechaHoraHusoGenRegistro>
          <sum1:TipoHuella>01</sum1:TipoHuella>
          <sum1:Huella>${ANULACION}</sum1:Huella>
        </sum1:RegistroAnulacion>
      </sum:RegistroFactura>${ENVELOPE_FIN}`),
    );
  });

  test('the XML carries exactly the values the huella was computed over', () => {
    const peticion = peticionRegFactu(obligado, [alta]);
    const valor = (campo: string) =>
      new RegExp(`<sum1:${campo}>([^<]*)</sum1:${campo}>`).exec(peticion)?.[1] ?? '';
    const d = (ddmmaaaa: string) => ddmmaaaa.split('-').reverse().join('-');
    const cadena = cadenaAlta({
      nif: valor('IDEmisorFactura'),
      numSerieFactura: valor('NumSerieFactura'),
      fechaExpedicion: d(valor('FechaExpedicionFactura')),
      tipoFactura: valor('TipoFactura'),
      cuotaTotal: valor('CuotaTotal'),
      importeTotal: valor('ImporteTotal'),
      huellaAnterior: PRIMERA,
      fechaHoraHusoGenRegistro: valor('FechaHoraHusoGenRegistro'),
    });
    expect(huella(cadena)).toBe(SEGUNDA);
    expect(huella(anulacion.cadena)).toBe(ANULACION);
  });

  test('the first record of a chain says PrimerRegistro S; a normal alta no Subsanacion', () => {
    const primera = {
      ...alta,
      orden: 1,
      subsanacion: false,
      rechazoPrevio: 'N',
      registroAnteriorOrden: null,
      huellaAnterior: null,
    };
    const peticion = peticionRegFactu(obligado, [primera]);
    expect(peticion).toContain(
      '<sum1:Encadenamiento><sum1:PrimerRegistro>S</sum1:PrimerRegistro></sum1:Encadenamiento>',
    );
    expect(peticion).not.toContain('Subsanacion');
    expect(peticion).not.toContain('RechazoPrevio');
  });

  test('a rectificativa por sustitución, a foreign customer and an exempt group', () => {
    const r1: RegistroRow = {
      ...alta,
      subsanacion: false,
      tipoFactura: 'R1',
      contenido: {
        ...alta.contenido,
        TipoRectificativa: 'S',
        FacturasRectificadas: [
          {
            IDEmisorFactura: NIF,
            NumSerieFactura: '12345678/G33',
            FechaExpedicionFactura: '01-01-2024',
          },
        ],
        ImporteRectificacion: { BaseRectificada: '100.00', CuotaRectificada: '21.00' },
        Destinatarios: [
          { NombreRazon: 'Ferrer SARL', IDOtro: { CodigoPais: 'FR', IDType: '02', ID: 'FR1' } },
        ],
        Desglose: [
          {
            Impuesto: '01',
            ClaveRegimen: '01',
            OperacionExenta: 'E5',
            BaseImponibleOimporteNoSujeto: '111.10',
          },
        ],
      },
    };
    const peticion = peticionRegFactu(obligado, [r1]);
    expect(peticion).toContain(
      xml(`<sum1:TipoFactura>R1</sum1:TipoFactura>
        <sum1:TipoRectificativa>S</sum1:TipoRectificativa>
        <sum1:FacturasRectificadas>
          <sum1:IDFacturaRectificada>
            <sum1:IDEmisorFactura>89890001K</sum1:IDEmisorFactura>
            <sum1:NumSerieFactura>12345678/G33</sum1:NumSerieFactura>
            <sum1:FechaExpedicionFactura>01-01-2024</sum1:FechaExpedicionFactura>
          </sum1:IDFacturaRectificada>
        </sum1:FacturasRectificadas>
        <sum1:ImporteRectificacion>
          <sum1:BaseRectificada>100.00</sum1:BaseRectificada>
          <sum1:CuotaRectificada>21.00</sum1:CuotaRectificada>
        </sum1:ImporteRectificacion>
        <sum1:FechaOperacion>`),
    );
    expect(peticion).toContain(
      xml(`<sum1:IDDestinatario>
          <sum1:NombreRazon>Ferrer SARL</sum1:NombreRazon>
          <sum1:IDOtro>
            <sum1:CodigoPais>FR</sum1:CodigoPais>
            <sum1:IDType>02</sum1:IDType>
            <sum1:ID>FR1</sum1:ID>
          </sum1:IDOtro>
        </sum1:IDDestinatario>`),
    );
    expect(peticion).toContain(
      xml(`<sum1:ClaveRegimen>01</sum1:ClaveRegimen>
        <sum1:OperacionExenta>E5</sum1:OperacionExenta>
        <sum1:BaseImponibleOimporteNoSujeto>`),
    );
    expect(peticion).not.toContain('CalificacionOperacion');
  });

  test('refuses what the service would reject whole: no records, > 1.000, another NIF, no anterior', () => {
    expect(() => peticionRegFactu(obligado, [])).toThrow('al menos un registro');
    expect(() =>
      peticionRegFactu(
        obligado,
        Array.from({ length: 1001 }, () => alta),
      ),
    ).toThrow('como máximo 1.000');
    expect(() => peticionRegFactu(obligado, [{ ...alta, nif: 'B12345674' }])).toThrow(
      'no del obligado',
    );
    expect(() => peticionRegFactu(obligado, [anulacion])).toThrow(
      'El registro VERI*FACTU 3 no tiene los datos del registro anterior',
    );
  });
});

describe('escaparXml / elemento', () => {
  test('escapes the five XML characters and drops the ones XML 1.0 forbids', () => {
    expect(escaparXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escaparXml('x\u0000y\u0007z\tñ\n')).toBe('xyz\tñ\n');
    expect(escaparXml('&amp;')).toBe('&amp;amp;');
  });
  test('leaves out absent values and empty lists, trims text', () => {
    expect(elemento('a', undefined)).toBeNull();
    expect(elemento('a', null)).toBeNull();
    expect(elemento('a', '  ')).toBeNull();
    expect(elemento('a', [null, null])).toBeNull();
    expect(elemento('a', ' 1 ')).toBe('<a>1</a>');
    expect(elemento('a', ['<b>1</b>', null])).toBe('<a><b>1</b></a>');
  });
});
