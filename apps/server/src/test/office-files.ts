import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Small but valid Office files, built byte by byte, so tests check documents by real content
 * without binary fixtures: a zip package (.docx/.xlsx, as Word and Excel write them, deflated) and
 * an OLE2 compound file (.doc/.xls, Office 97-2003).
 */

/** A zip archive of the given entries, each deflated. */
export function zip(entries: Array<{ name: string; content: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = Buffer.from(entry.content, 'utf8');
    const packed = deflateRawSync(raw);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x5c21, 12); // date: 2026-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5c21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PACKAGE_RELS = (target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`;
const contentTypes = (part: string, type: string) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${type}"/></Types>`;

/** A one-paragraph Word document (.docx). */
export function minimalDocx(text = 'Certificate of Incorporation RC 1234567'): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      content: contentTypes(
        '/word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    },
    { name: '_rels/.rels', content: PACKAGE_RELS('word/document.xml') },
    {
      name: 'word/document.xml',
      content: `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);
}

/** A one-cell Excel workbook (.xlsx): a zip package too, but not a Word document. */
export function minimalXlsx(): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      content: contentTypes(
        '/xl/workbook.xml',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
    },
    { name: '_rels/.rels', content: PACKAGE_RELS('xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>`,
    },
  ]);
}

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;

/**
 * An OLE2 compound file (MS-CFB version 3) with one stream: "WordDocument" makes it a Word 97-2003
 * .doc, "Workbook" an Excel 97-2003 .xls. Sector 0 is the allocation table, sector 1 the directory,
 * then the stream (4096 bytes, so it lives in normal sectors).
 */
export function minimalCfb(streamName: 'WordDocument' | 'Workbook'): Buffer {
  const streamSectors = 8;
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // directory starts at sector 1
  header.writeUInt32LE(0x1000, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  header.writeUInt32LE(0, 64);
  header.writeUInt32LE(0, 72);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + i * 4);

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  for (let i = 0; i < streamSectors; i++) {
    fat.writeUInt32LE(i === streamSectors - 1 ? END_OF_CHAIN : 3 + i, (2 + i) * 4);
  }

  const directory = Buffer.alloc(SECTOR);
  const entry = (index: number, name: string, type: number, child: number, start: number, size: number) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 64);
    directory[at + 66] = type;
    directory[at + 67] = 1; // black
    directory.writeUInt32LE(NO_STREAM, at + 68); // left sibling
    directory.writeUInt32LE(NO_STREAM, at + 72); // right sibling
    directory.writeUInt32LE(child, at + 76);
    directory.writeUInt32LE(start, at + 116);
    directory.writeUInt32LE(size, at + 120);
  };
  entry(0, 'Root Entry', 5, 1, END_OF_CHAIN, 0);
  entry(1, streamName, 2, NO_STREAM, 2, streamSectors * SECTOR);
  for (const index of [2, 3]) {
    directory.writeUInt32LE(NO_STREAM, index * 128 + 68);
    directory.writeUInt32LE(NO_STREAM, index * 128 + 72);
    directory.writeUInt32LE(NO_STREAM, index * 128 + 76);
  }

  const stream = Buffer.alloc(streamSectors * SECTOR);
  // Word's file information block starts with its magic number, 0xA5EC.
  stream.writeUInt16LE(streamName === 'WordDocument' ? 0xa5ec : 0x0809, 0);
  return Buffer.concat([header, fat, directory, stream]);
}
