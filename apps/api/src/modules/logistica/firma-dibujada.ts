import { crc32, deflateSync } from 'node:zlib';

const chunk = (tipo: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(tipo, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

/**
 * A signature as the pad draws it (§2.4): a white grey-scale PNG data URL with one black wavy
 * stroke. The demo world signs with it (`trazo` varies the wave per signer) and the tests too.
 */
export const firmaDibujada = ({ ancho = 600, alto = 200, trazo = 0 } = {}) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth; colour type 0 = grey-scale
  const filas: Buffer[] = [];
  for (let y = 0; y < alto; y += 1) {
    const fila = Buffer.alloc(ancho + 1, 255);
    fila[0] = 0;
    for (let x = 100; x < Math.min(500, ancho); x += 1)
      if (Math.abs(y - 100 - Math.round(40 * Math.sin(x / (30 + trazo)))) < 2) fila[x + 1] = 0;
    filas.push(fila);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(filas))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
};
