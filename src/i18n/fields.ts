// The adapters' typed fields' own strings (hints under a field, the optional mark, refusals), in zh-CN (the
// default) and en: beside the field render functions, out of the core bundle.
import type { BuiltinLocale } from './locales.js';

const zhCN = {
  optional: '（可选）',
  other: '其他',
  otherText: '其他内容',
  yes: '是',
  no: '否',
  atMost: (max: number) => `已选满 ${max} 项：取消一项才能再选。`,
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
  /** Why a typed field's input cannot be sent (the form's own refusals are in questionnaire.ts). */
  problems: {
    invalid_email: '请输入有效的邮箱地址。',
    invalid_uri: '请输入完整的网址（例如 https://example.com）。',
    invalid_date: '请按 YYYY-MM-DD 输入有效日期。',
    invalid_date_time: '请按 YYYY-MM-DDThh:mm 加时区输入（例如 2026-12-01T09:30+08:00）。',
    too_short: '内容太短。',
    too_long: '内容太长。',
    pattern_mismatch: '格式不符合要求。',
    not_a_number: '请输入数字。',
    not_an_integer: '请输入整数。',
    too_small: '数值太小。',
    too_large: '数值太大。',
    too_few: '选择的项太少。',
    too_many: '选择的项太多。',
    // Refusals the form's own controls never give rise to (an answer made by code).
    unknown_option: '请选择一个选项。',
    free_text_not_allowed: '此问题不接受自定义回答。',
    wrong_answer_kind: '无法提交此回答。',
  },
};

export type FieldStrings = typeof zhCN;

const en: FieldStrings = {
  optional: '(optional)',
  other: 'Other',
  otherText: 'Other',
  yes: 'Yes',
  no: 'No',
  atMost: (max: number) => `You chose the most allowed (${max}): clear one to pick another.`,
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
  problems: {
    invalid_email: 'Please enter a valid email address.',
    invalid_uri: 'Please enter a full address (e.g. https://example.com).',
    invalid_date: 'Please enter a valid date as YYYY-MM-DD.',
    invalid_date_time: 'Please enter YYYY-MM-DDThh:mm with a time zone (e.g. 2026-12-01T09:30+08:00).',
    too_short: 'This is too short.',
    too_long: 'This is too long.',
    pattern_mismatch: 'This is not in the required format.',
    not_a_number: 'Please enter a number.',
    not_an_integer: 'Please enter a whole number.',
    too_small: 'This number is too small.',
    too_large: 'This number is too large.',
    too_few: 'Please choose more options.',
    too_many: 'Please choose fewer options.',
    unknown_option: 'Please choose one option.',
    free_text_not_allowed: 'This question takes no custom answer.',
    wrong_answer_kind: 'This answer cannot be sent.',
  },
};

export const fieldStrings: Readonly<Record<BuiltinLocale, FieldStrings>> = { 'zh-CN': zhCN, en };
