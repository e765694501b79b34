// The strings of <questionnaire-form>, in zh-CN (the default) and en; the typed fields' hints and
// refusals are in fields.ts.
import type { Locale } from './locales.js';

const zhCN = {
  submit: '提交',
  useAllRecommended: '全部采用推荐',
  needsAdapters: '这个问题要由适配器模块显示（agent-interaction-kit/adapters）。',
  filled: (n: number) => `已填写 ${n} 题`,
  atMost: (max: number) => `已选满 ${max} 项：取消一项才能再选。`,
  step: (n: number, total: number) => `第 ${n} 题，共 ${total} 题`,
  back: '上一题',
  next: '下一题',
  change: '修改',
  review: '检查答案后提交',
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
  },
  form: {
    other: '其他',
    otherText: '其他内容',
    yes: '是',
    no: '否',
  },
};

export type QuestionnaireStrings = typeof zhCN;

const en: QuestionnaireStrings = {
  submit: 'Submit',
  useAllRecommended: 'Use all recommended',
  needsAdapters: 'This question is shown by the adapters entry (agent-interaction-kit/adapters).',
  filled: (n: number) => (n === 1 ? 'Filled 1 question' : `Filled ${n} questions`),
  atMost: (max: number) => `You chose the most allowed (${max}): clear one to pick another.`,
  step: (n, total) => `Question ${n} of ${total}`,
  back: 'Back',
  next: 'Next',
  change: 'Change',
  review: 'Check your answers, then submit',
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
  },
  form: {
    other: 'Other',
    otherText: 'Other',
    yes: 'Yes',
    no: 'No',
  },
};

export const questionnaireStrings: Readonly<Record<Locale, QuestionnaireStrings>> = { 'zh-CN': zhCN, en };
