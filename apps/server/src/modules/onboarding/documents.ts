import { fileTypeFromFile } from 'file-type';
import { type ReceivedFile, UnsupportedMediaTypeError } from '@/uploads/multipart-files.ts';

/** What the content says the file is, by its magic bytes; the name and the browser's claim are ignored. */
const DOCUMENT_TYPES: Record<string, { mime: string; ext: string }> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  // Word 97-2003 (.doc) files are OLE2 compound files; file-type reports the container.
  cfb: { mime: 'application/msword', ext: 'doc' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
};

export async function sniffDocument(file: ReceivedFile): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromFile(file.scratchPath);
  const type = found ? DOCUMENT_TYPES[found.ext] : undefined;
  if (!type) {
    throw new UnsupportedMediaTypeError(
      `${file.field} must be a PDF, Word document (doc, docx), JPG or PNG file; this file's content is ${found ? found.mime : 'not a recognised document'}`,
    );
  }
  return type;
}
