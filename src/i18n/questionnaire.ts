// The strings of <questionnaire-form> (and the adapters' typed fields), in zh-CN (the default) and en.
import type { Locale } from './locales.js';

const zhCN = {
  submit: '提交',
  useAllRecommended: '全部采用推荐',
  filled: (n: number) => `已填写 ${n} 题`,
  recommended: '推荐',
  custom: '自定义',
  customText: '自定义内容',
  answer: '回答',
  anythingElse: '补充说明（可选）',
  showAllOptions: (n: number) => `显示全部 ${n} 项`,
  filterOptions: '筛选选项',
  grillCheckpoint: '拷问检查点',
  grillCheckpointHint: '这是拷问阶段的总结决定：确认后代理将开始执行。',
  autoSelectHint: '超时将自动采用推荐选项。',
  problems: {
    text_required: '请输入回答。',
    choose_one: '请选择一个选项。',
    choose_at_least_one: '请至少选择一项。',
    unknown_option: '请选择一个选项。',
    free_text_not_allowed: '此问题不接受自定义回答。',
    custom_text_required: '请填写自定义内容。',
    unanswered: '请回答此问题。',
    wrong_answer_kind: '无法提交此回答。',
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
  },
  form: {
    optional: '（可选）',
    other: '其他',
    otherText: '其他内容',
    yes: '是',
    no: '否',
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
  },
};

export type QuestionnaireStrings = typeof zhCN;

const en: QuestionnaireStrings = {
  submit: 'Submit',
  useAllRecommended: 'Use all recommended',
  filled: (n: number) => (n === 1 ? 'Filled 1 question' : `Filled ${n} questions`),
  recommended: 'Recommended',
  custom: 'Custom',
  customText: 'Your answer',
  answer: 'Answer',
  anythingElse: 'Anything else (optional)',
  showAllOptions: (n) => `Show all ${n}`,
  filterOptions: 'Filter options',
  grillCheckpoint: 'Grilling checkpoint',
  grillCheckpointHint: 'This is the summary decision of the grilling phase: once confirmed, the agent starts executing.',
  autoSelectHint: 'When time runs out, the recommended answers are used.',
  problems: {
    text_required: 'Please enter an answer.',
    choose_one: 'Please choose one option.',
    choose_at_least_one: 'Please choose at least one option.',
    unknown_option: 'Please choose one option.',
    free_text_not_allowed: 'This question takes no custom answer.',
    custom_text_required: 'Please type your answer.',
    unanswered: 'Please answer this question.',
    wrong_answer_kind: 'This answer cannot be sent.',
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
  },
  form: {
    optional: '(optional)',
    other: 'Other',
    otherText: 'Other',
    yes: 'Yes',
    no: 'No',
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
  },
};

export const questionnaireStrings: Readonly<Record<Locale, QuestionnaireStrings>> = { 'zh-CN': zhCN, en };
