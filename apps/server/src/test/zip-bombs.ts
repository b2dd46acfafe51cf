import zlib from 'node:zlib';

/**
 * Hostile zip archives for the upload and import routes, built in memory without ever holding their inflated
 * content: a deflate stream of N MiB of zeros is N copies of one independently flushed 1 MiB block (~1 KB each)
 * and a final empty block. Each archive can carry the names that make it look like a workbook or an OFD.
 */

const MiB = 1024 * 1024;
const zeroBlock = zlib.deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
const finalBlock = zlib.deflateRawSync(Buffer.alloc(0));

/** Raw deflate data inflating to `mib` MiB of zeros. */
export function zerosDeflated(mib: number): Buffer {
  return Buffer.concat([...Array.from({ length: mib }, () => zeroBlock), finalBlock]);
}

export interface ZipPart {
  name: string;
  /** The stored bytes: raw deflate data when `deflated`, else the content itself. */
  data: Buffer;
  deflated?: boolean;
  /** The uncompressed size the headers declare (the truth by default, for stored parts). */
  declared?: number;
}

/** A zip (local headers, data, central directory) exactly as described, lies included. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const size = p.declared ?? p.data.length;
    const crc = p.deflated ? 0 : zlib.crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(p.deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(p.deflated ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** The parts that make an archive sniff as an .xlsx workbook or an OFD package. */
const DISGUISE = {
  xlsx: [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  ],
  ofd: [{ name: 'OFD.xml', data: Buffer.from('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.1"/>') }],
} satisfies Record<string, ZipPart[]>;

export interface Bomb {
  name: string;
  body: Buffer;
  /** True when the central directory alone gives it away (refused before any inflating). */
  byDirectory: boolean;
}

/** The bomb shapes: one honest 1 GiB entry, many entries, a high ratio, a too-large total, a lying header. */
export function zipBombs(kind: keyof typeof DISGUISE, entry = kind === 'xlsx' ? 'xl/worksheets/sheet1.xml' : 'Doc_0/Res/a.xml'): Bomb[] {
  const dress = (parts: ZipPart[]) => zipOf([...DISGUISE[kind], ...parts]);
  return [
    // ~1 MB that inflates to 1 GiB, and says so.
    { name: '1 GiB declared', byDirectory: true, body: dress([{ name: entry, data: zerosDeflated(1024), deflated: true, declared: 1024 * MiB }]) },
    { name: '5000 entries', byDirectory: true, body: dress(Array.from({ length: 5000 }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: Buffer.from('<a/>') }))) },
    // 40 MiB (under the per-entry limit) from ~40 KB: a ratio near 1000.
    { name: 'ratio 1000', byDirectory: true, body: dress([{ name: entry, data: zerosDeflated(40), deflated: true, declared: 40 * MiB }]) },
    // Three entries declaring 40 MiB each over junk: the total passes the limit.
    {
      name: '120 MiB in total',
      byDirectory: true,
      body: dress([1, 2, 3].map((i) => ({ name: `xl/worksheets/sheet${i}.xml`, data: Buffer.alloc(400_000, i), deflated: true, declared: 40 * MiB }))),
    },
    // Declares 1000 bytes, inflates to 1 GiB: only counting while inflating finds it.
    { name: 'lying header', byDirectory: false, body: dress([{ name: entry, data: zerosDeflated(1024), deflated: true, declared: 1000 }]) },
  ];
}
