import { extensionOf } from '../../rules/artifacts/extension.js';

export type ArtifactKind = 'image' | 'document' | 'archive' | 'media' | 'other';

const ARCHIVES = new Set(['zip', 'gz', 'tgz', 'tar', '7z', 'rar', 'bz2', 'xz']);
const DOCUMENTS = new Set([
  'pdf', 'txt', 'log', 'md', 'csv', 'tsv', 'json', 'xml', 'yaml', 'yml', 'html', 'htm', 'rtf',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp',
]);

/** The icon family of an item, from its subtype, mime and extension. */
export function artifactKind(item: { subtype: string; mime: string; name: string }): ArtifactKind {
  const mime = item.mime.toLowerCase();
  const extension = extensionOf(item.name);
  if (item.subtype === 'image' || mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/') || mime.startsWith('video/')) return 'media';
  if (ARCHIVES.has(extension) || /zip|tar|compressed|x-7z|rar|bzip|x-xz/.test(mime)) return 'archive';
  if (DOCUMENTS.has(extension) || mime.startsWith('text/') || /pdf|json|xml|document|sheet|presentation|msword|ms-excel|ms-powerpoint/.test(mime)) {
    return 'document';
  }
  return 'other';
}

/** Bytes in the largest unit that keeps the number readable (1 KB = 1,024 bytes). */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
