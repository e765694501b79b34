// The strings of <artifact-list>, with the delivery reason codes as sentences, in zh-CN and en.
import type { BuiltinLocale } from './locales.js';

const zhCN = {
  loadPreview: '加载预览',
  artifacts: {
    kind: { image: '图片', document: '文档', archive: '压缩包', media: '音视频', other: '文件' },
    open: '打开',
    copyPath: '复制路径',
    copied: '已复制',
    localOnly: '仅本地',
    delivered: '已发送',
    sentTo: (provider: string) => `已发送到${provider}`,
    skipped: '未发送',
    failed: '发送失败',
    listed: '仅列出',
    summary: (provider: string, a: number, b: number, c: number) =>
      `${provider}：已发送 ${a} · 失败 ${b} · 未发送 ${c}`,
    previewOf: (name: string) => `${name} 预览`,
    list: '文件',
    sending: '正在发送…',
  },
  providers: { feishu: '飞书', dingtalk: '钉钉', wecom: '企业微信' } as Record<string, string>,
  reasons: {
    delivery_skipped_missing_runtime_target_or_credentials: '未配置发送目标或凭据',
    delivery_skipped_native_file_upload_not_available: '该渠道不支持上传本地文件',
    'upload_image_failed:image_too_large_over_10mb': '图片超过 10 MB，无法上传',
    'upload_file_failed:file_too_large_over_30mb': '文件超过 30 MB，无法上传',
    delivery_failed: '发送失败',
    not_available_for_channel: '当前渠道不支持发送文件，仅列出',
    // Families, for codes with a detail after the colon (e.g. upload_file_failed:network_timeout).
    upload_file_failed: '文件上传失败',
    upload_image_failed: '图片上传失败',
    send_markdown_failed: '消息发送失败',
    send_link_failed: '链接发送失败',
    failed: '发送失败',
  } as Record<string, string>,
  /** The details the kit knows after a family's colon. */
  reasonDetails: {
    timeout: '超时',
    network_timeout: '网络超时',
    network_error: '网络错误',
    unauthorized: '凭据无效',
    forbidden: '没有权限',
    rate_limited: '请求过于频繁',
    not_found: '找不到文件',
  } as Record<string, string>,
  withDetail: (text: string, detail: string) => `${text}：${detail}`,
};

export type ArtifactStrings = typeof zhCN;

const en: ArtifactStrings = {
  loadPreview: 'Load preview',
  artifacts: {
    kind: { image: 'Image', document: 'Document', archive: 'Archive', media: 'Audio or video', other: 'File' },
    open: 'Open',
    copyPath: 'Copy path',
    copied: 'Copied',
    localOnly: 'Local only',
    delivered: 'Sent',
    sentTo: (provider) => `Sent to ${provider}`,
    skipped: 'Not sent',
    failed: 'Failed',
    listed: 'Listed',
    summary: (provider, a, b, c) => `${provider}: ${a} sent · ${b} failed · ${c} not sent`,
    previewOf: (name) => `Preview of ${name}`,
    list: 'Files',
    sending: 'Sending…',
  },
  providers: { feishu: 'Feishu', dingtalk: 'DingTalk', wecom: 'WeCom' },
  reasons: {
    delivery_skipped_missing_runtime_target_or_credentials: 'No delivery target or credentials are set up',
    delivery_skipped_native_file_upload_not_available: 'This channel cannot upload local files',
    'upload_image_failed:image_too_large_over_10mb': 'Image over 10 MB: too large to upload',
    'upload_file_failed:file_too_large_over_30mb': 'File over 30 MB: too large to upload',
    delivery_failed: 'Delivery failed',
    not_available_for_channel: 'Not available on this channel: the files are listed only',
    upload_file_failed: 'File upload failed',
    upload_image_failed: 'Image upload failed',
    send_markdown_failed: 'Message delivery failed',
    send_link_failed: 'Link delivery failed',
    failed: 'Delivery failed',
  },
  reasonDetails: {
    timeout: 'timed out',
    network_timeout: 'the network timed out',
    network_error: 'network error',
    unauthorized: 'the credentials were refused',
    forbidden: 'no permission',
    rate_limited: 'too many requests',
    not_found: 'file not found',
  },
  withDetail: (text, detail) => `${text}: ${detail}`,
};

export const artifactStrings: Readonly<Record<BuiltinLocale, ArtifactStrings>> = { 'zh-CN': zhCN, en };

const lookup = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) && table[key]) || undefined;

/** A reason as the row shows it: a sentence, and the code itself when the kit does not know it. */
export interface ReasonText {
  /** The sentence; absent for a code the kit does not know at all (the state badge says the rest). */
  text?: string;
  /** The code (or its unknown part), shown apart as a detail. */
  code?: string;
}

/**
 * A reason code as a readable sentence. Codes are `family:detail` or bare: a known code reads as
 * its sentence; a known family (or any `…_failed`) as its sentence, with a known detail in words;
 * whatever the kit does not know (a detail, or the whole code) is kept as `code`, shown apart
 * as a detail beside the state badge.
 */
export function reasonText(strings: ArtifactStrings, code: string): ReasonText {
  const exact = lookup(strings.reasons, code);
  if (exact) return { text: exact };
  const [family = '', ...rest] = code.split(':');
  const detail = rest.join(':');
  const text = lookup(strings.reasons, family) ?? (family.endsWith('_failed') ? lookup(strings.reasons, 'failed') : undefined);
  if (!text) return { code };
  if (!detail) return lookup(strings.reasons, family) ? { text } : { text, code };
  const words = lookup(strings.reasonDetails, detail);
  if (words) return { text: strings.withDetail(text, words) };
  return { text, code: lookup(strings.reasons, family) ? detail : code };
}
