export type ArtifactKind = 'image' | 'document' | 'archive' | 'media' | 'other';

/**
 * The icon family of an item, from its subtype and mime: the rules settled the mime (a missing
 * one guessed from the extension), so the extension is not read twice.
 */
export function artifactKind(item: { subtype: string; mime: string }): ArtifactKind {
  const mime = item.mime.toLowerCase();
  if (item.subtype === 'image' || mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/') || mime.startsWith('video/')) return 'media';
  if (/zip|tar|compressed|x-7z|rar|bzip|x-xz/.test(mime)) return 'archive';
  if (mime.startsWith('text/') || /pdf|json|xml|yaml|rtf|document|sheet|presentation|msword|ms-excel|ms-powerpoint/.test(mime)) return 'document';
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
