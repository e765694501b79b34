import type { InteractionContext } from '../../protocol/context.js';
import { isOneOf, isRecord, PROVIDERS, type Provider } from '../../protocol/constants.js';
import { NOT_JSON, parseJson } from '../../protocol/json.js';
import { toText } from '../coerce.js';
import { extensionOf, guessMime, IMAGE_EXTENSIONS } from './mime.js';

/** One item of a `publish_artifacts` call after the tool rules (docs/protocol.md §4.4). */
export interface Artifact {
  name: string;
  path: string;
  /** A safe URL (`https:`, `http:` or `blob:`), or empty. */
  url: string;
  mime: string;
  /** `image` for images, else empty. */
  subtype: 'image' | '';
  /** In bytes, when the caller said. */
  size: number | null;
  caption: string;
}

/** The exact sentences the model reads when a call is refused. */
export const ARTIFACT_ERRORS = {
  itemsNotJson: 'items must be a list or valid JSON list.',
  itemsEmpty: 'items must be a non-empty list.',
  itemNotObject: (index: number) => `items[${index}] must be an object.`,
  itemWithoutTarget: (index: number) => `items[${index}] requires path or url.`,
  badAudience: 'audience must be one of: auto, feishu, dingtalk, wecom.',
  channelNotAvailable: 'publish_artifacts is not available for the current messaging channel.',
} as const;

export type PreparedArtifacts =
  | {
      ok: true;
      provider: Provider;
      /** The lower-cased `audience` argument, `auto` by default. */
      audience: string;
      summary: string;
      title: string;
      items: Artifact[];
    }
  | {
      ok: false;
      error: string;
      title: string;
      /**
       * The items that could still be listed for the user (objects with a path or a safe URL):
       * on a channel without delivery, the card lists them marked not delivered.
       */
      items: Artifact[];
    };

const SAFE_URL_PROTOCOLS = new Set(['https:', 'http:', 'blob:']);

/** The URL when its scheme is safe to link to, else empty: other schemes count as no URL. */
export function safeUrl(value: unknown): string {
  const text = toText(value);
  if (!text || !URL.canParse(text)) return '';
  return SAFE_URL_PROTOCOLS.has(new URL(text).protocol) ? text : '';
}

function lastSegment(text: string): string {
  return text.split(/[/\\]/).filter(Boolean).pop() ?? '';
}

function nameFromUrl(url: string): string {
  const bare = url.split(/[?#]/, 1)[0] ?? '';
  return lastSegment(bare.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '')) || url;
}

function toSize(value: unknown): number | null {
  const size = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : null;
}

/** Builds the artifact for one item, or undefined when it has neither a path nor a safe URL. */
export function toArtifact(raw: Record<string, unknown>): Artifact | undefined {
  const path = toText(raw.path);
  const url = safeUrl(raw.url);
  if (!path && !url) return undefined;
  const name = toText(raw.name) || (path ? lastSegment(path) : nameFromUrl(url)) || path;
  const mime = toText(raw.mime) || guessMime(name);
  const image =
    toText(raw.subtype).toLowerCase() === 'image' ||
    mime.toLowerCase().startsWith('image/') ||
    IMAGE_EXTENSIONS.has(extensionOf(name));
  return {
    name,
    path,
    url,
    mime,
    subtype: image ? 'image' : '',
    size: toSize(raw.size),
    caption: toText(raw.caption),
  };
}

/** Models often send `items` as a JSON string: it is parsed, not refused. */
function parseItems(raw: unknown): unknown {
  return typeof raw === 'string' ? parseJson(raw) : raw;
}

/** Applies the checks of docs/protocol.md §4.4, in order, to `publish_artifacts` arguments. */
export function prepareArtifacts(
  args: Record<string, unknown>,
  context: InteractionContext,
): PreparedArtifacts {
  const title = toText(args.title);
  const items = parseItems(args.items);
  const refuse = (error: string, listed: Artifact[] = []): PreparedArtifacts => ({
    ok: false,
    error,
    title,
    items: listed,
  });
  if (items === NOT_JSON) return refuse(ARTIFACT_ERRORS.itemsNotJson);
  if (!Array.isArray(items) || items.length === 0) return refuse(ARTIFACT_ERRORS.itemsEmpty);
  const audience = toText(args.audience).toLowerCase() || 'auto';
  if (audience !== 'auto' && !isOneOf(PROVIDERS, audience)) {
    return refuse(ARTIFACT_ERRORS.badAudience);
  }
  if (!isOneOf(PROVIDERS, context.channel)) {
    const listed = items.flatMap((item) => (isRecord(item) ? (toArtifact(item) ?? []) : []));
    return refuse(ARTIFACT_ERRORS.channelNotAvailable, listed);
  }
  const artifacts: Artifact[] = [];
  for (const [index, item] of items.entries()) {
    if (!isRecord(item)) return refuse(ARTIFACT_ERRORS.itemNotObject(index));
    const artifact = toArtifact(item);
    if (!artifact) return refuse(ARTIFACT_ERRORS.itemWithoutTarget(index));
    artifacts.push(artifact);
  }
  return {
    ok: true,
    provider: (audience === 'auto' ? context.channel : audience) as Provider,
    audience,
    summary: toText(args.summary) || `Prepared ${artifacts.length} artifact(s) for delivery.`,
    title,
    items: artifacts,
  };
}
