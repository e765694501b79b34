// The adapters' typed fields' own strings (hints under a field, the optional mark), in zh-CN (the
// default) and en: beside the field render functions, out of the core bundle.
import type { Locale } from './locales.js';

const zhCN = {
  optional: '（可选）',
  formats: {
    email: '邮箱，例如 name@example.com',
    uri: '网址，例如 https://example.com',
    date: '日期，YYYY-MM-DD',
    'date-time': '日期时间，例如 2026-12-01T09:30+08:00',
  },
  range: (min?: number, max?: number) =>
    min !== undefined && max !== undefined ? `${min} 到 ${max} 之间` : min !== undefined ? `不小于 ${min}` : `不大于 ${max}`,
  length: (min?: number, max?: number) =>
    min !== undefined && max !== undefined ? `${min} 到 ${max} 个字符` : min !== undefined ? `至少 ${min} 个字符` : `最多 ${max} 个字符`,
  items: (min?: number, max?: number) =>
    min !== undefined && max !== undefined ? `选择 ${min} 到 ${max} 项` : min !== undefined ? `至少选择 ${min} 项` : `最多选择 ${max} 项`,
  wholeNumber: '整数',
};

export type FieldStrings = typeof zhCN;

const en: FieldStrings = {
  optional: '(optional)',
  formats: {
    email: 'Email, e.g. name@example.com',
    uri: 'Web address, e.g. https://example.com',
    date: 'Date, YYYY-MM-DD',
    'date-time': 'Date and time, e.g. 2026-12-01T09:30+08:00',
  },
  range: (min, max) =>
    min !== undefined && max !== undefined ? `Between ${min} and ${max}` : min !== undefined ? `At least ${min}` : `At most ${max}`,
  length: (min, max) =>
    min !== undefined && max !== undefined ? `${min} to ${max} characters` : min !== undefined ? `At least ${min} characters` : `At most ${max} characters`,
  items: (min, max) =>
    min !== undefined && max !== undefined ? `Choose ${min} to ${max}` : min !== undefined ? `Choose at least ${min}` : `Choose at most ${max}`,
  wholeNumber: 'Whole number',
};

export const fieldStrings: Readonly<Record<Locale, FieldStrings>> = { 'zh-CN': zhCN, en };
