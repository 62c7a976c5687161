import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { assertImage } from '@/uploads/images.ts';
import { type ReceivedFile, UnsupportedMediaTypeError } from '@/uploads/multipart-files.ts';

/** What the content says the file is, by its magic bytes; the name and the browser's claim are ignored. */
const DOCUMENT_TYPES: Record<string, { mime: string; ext: string }> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  // Word 97-2003 (.doc) files are OLE2 compound files; file-type reports the container, and
  // isWordBinaryDocument looks inside it.
  cfb: { mime: 'application/msword', ext: 'doc' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
};

const ACCEPTED = 'must be a PDF, Word document (doc, docx), JPG or PNG file';

export async function sniffDocument(file: ReceivedFile): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromFile(file.scratchPath);
  const type = found ? DOCUMENT_TYPES[found.ext] : undefined;
  if (!type) {
    throw new UnsupportedMediaTypeError(
      `${file.field} ${ACCEPTED}; this file's content is ${found ? found.mime : 'not a recognised document'}`,
    );
  }
  // The OLE2 container also holds Excel and PowerPoint 97-2003 files and Windows installers (.msi):
  // only one with Word's main stream is a .doc.
  if (found?.ext === 'cfb' && !(await isWordBinaryDocument(file.scratchPath))) {
    throw new UnsupportedMediaTypeError(
      `${file.field} ${ACCEPTED}; this file is an OLE2 compound file (such as an .xls, .ppt or .msi) that is not a Word document`,
    );
  }
  // A picture is kept as sent, but screens show it: one that unpacks to a huge bitmap is refused.
  if (type.mime.startsWith('image/')) await assertImage(file);
  return type;
}

const FREE_OR_END = 0xfffffffa; // Sector numbers from here up are markers, not sectors.
const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
const STREAM_OBJECT = 2;

/**
 * Whether an OLE2 compound file (MS-CFB) holds a stream named "WordDocument", which every Word
 * 97-2003 document has and nothing else does. Reads the header, the allocation table and the
 * directory only; a malformed file is simply not a Word document.
 */
export async function isWordBinaryDocument(filePath: string): Promise<boolean> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const header = await readAt(0, 512);
    if (header.length < 512) return false;
    const sectorShift = header.readUInt16LE(30);
    if (sectorShift !== 9 && sectorShift !== 12) return false;
    const sectorSize = 2 ** sectorShift;
    const sectorCount = Math.floor(fileSize / sectorSize);
    const readSector = async (sector: number) => {
      if (sector >= FREE_OR_END || sector >= sectorCount) return null;
      const data = await readAt((sector + 1) * sectorSize, sectorSize);
      return data.length === sectorSize ? data : null;
    };

    // Where the allocation table's own sectors are: 109 in the header, the rest in a chain.
    const fatSectorCount = header.readUInt32LE(44);
    if (fatSectorCount > sectorCount) return false;
    const fatSectors: number[] = [];
    for (let i = 0; i < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(header.readUInt32LE(76 + i * 4));
    }
    let difatSector = header.readUInt32LE(68);
    for (let hops = 0; fatSectors.length < fatSectorCount && hops <= sectorCount; hops++) {
      const data = await readSector(difatSector);
      if (!data) return false;
      const perSector = sectorSize / 4 - 1;
      for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i++) {
        fatSectors.push(data.readUInt32LE(i * 4));
      }
      difatSector = data.readUInt32LE(perSector * 4);
    }
    const fat: number[] = [];
    for (const sector of fatSectors) {
      const data = await readSector(sector);
      if (!data) return false;
      for (let i = 0; i < sectorSize / 4; i++) fat.push(data.readUInt32LE(i * 4));
    }

    // The directory: a chain of sectors of 128-byte entries, each named in UTF-16.
    let sector = header.readUInt32LE(48);
    for (let hops = 0; sector !== END_OF_CHAIN && hops <= sectorCount; hops++) {
      const data = await readSector(sector);
      if (!data) return false;
      for (let offset = 0; offset < sectorSize; offset += DIRECTORY_ENTRY_BYTES) {
        const nameBytes = data.readUInt16LE(offset + 64);
        if (nameBytes < 2 || nameBytes > 64) continue;
        const name = data.toString('utf16le', offset, offset + nameBytes - 2);
        if (name === 'WordDocument' && data[offset + 66] === STREAM_OBJECT) return true;
      }
      sector = fat[sector] ?? END_OF_CHAIN;
    }
    return false;
  } finally {
    await handle.close();
  }
}
